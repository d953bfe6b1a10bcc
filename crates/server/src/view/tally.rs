//! Each seat's points by kind (`points` of a seat's view), added up from the events.

use carcassonne_engine::{Event, Phase};

use super::modules::{Counted, MODULES};
use super::parts::PointsView;

/// Per-seat points by kind, accumulated from events.
#[derive(Clone, Debug)]
pub struct Tally {
    seats: Vec<PointsView>,
    /// The phase of the last score: the fairy's bonus for a scored follower comes right after
    /// the score, in its phase.
    phase: Phase,
    /// A module's kind for the next score (Abbey & Mayor: a barn's).
    next_score: Option<&'static str>,
}

impl Tally {
    pub fn new(seats: usize) -> Tally {
        Tally { seats: vec![PointsView::default(); seats], phase: Phase::Turn, next_score: None }
    }

    /// One seat's points (none for a seat the tally does not know).
    pub fn seat(&self, seat: usize) -> PointsView {
        self.seats.get(seat).cloned().unwrap_or_default()
    }

    /// Counts the points of one event (`Event::score_changes`) under its kind and phase.
    pub fn add(&mut self, event: &Event) {
        let (kind, phase) = match *event {
            Event::Scored(s) => {
                let kind = self.next_score.take().unwrap_or(s.kind.name());
                self.phase = s.phase;
                (kind, s.phase)
            }
            _ => match MODULES.iter().find_map(|m| m.counted(event)) {
                Some(Counted::As(kind, phase)) => (kind, phase),
                Some(Counted::WithLastScore(kind)) => (kind, self.phase),
                Some(Counted::NextScoreAs(kind)) => {
                    self.next_score = Some(kind);
                    return;
                }
                // No other event changes a score today; one that comes to is still counted.
                None => ("other", Phase::Turn),
            },
        };
        for (seat, points) in event.score_changes() {
            if points == 0 {
                continue;
            }
            let Some(p) = self.seats.get_mut(seat as usize) else { continue };
            let map = if phase == Phase::Turn { &mut p.turn } else { &mut p.final_ };
            *map.entry(kind).or_default() += points;
        }
    }
}
