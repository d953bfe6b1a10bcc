//! How a score was computed ([`Breakdown`]), and its words.

use std::fmt;

/// The points each vineyard beside a completed monastery adds (The Vineyards).
pub const VINEYARD_POINTS: u16 = 3;

/// How a score was computed: `tiles × tile_value + pennants × pennant_value + cities ×
/// city_value`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Breakdown {
    pub tiles: u16,
    pub tile_value: u16,
    pub pennants: u16,
    pub pennant_value: u16,
    /// Completed cities (farm scoring).
    pub cities: u16,
    pub city_value: u16,
    /// Completed besieged cities (farm scoring with The Cathars), each worth twice `city_value`.
    pub besieged_cities: u16,
    /// Little Buildings: the buildings on the feature's tiles (a cloister's: in its 3 × 3 area),
    /// each tile counted once, and the points they add after all the others.
    pub buildings: u16,
    pub building_points: u16,
    /// The Labyrinths' advanced variant: the followers on a completed road through a
    /// labyrinth, whoever's, each worth `labyrinth_value` to its majority.
    pub labyrinth_followers: u16,
    pub labyrinth_value: u16,
    /// Darmstadtium: the points a completed city holding it pays its majority on top (3).
    pub darmstadtium: u16,
    /// Mage & Witch: the mage's points on the road or city scored (1 per tile).
    pub mage: u16,
    /// Mage & Witch: the points the witch took off the road or city scored (half of what it
    /// was worth before her, rounded down, so that the half kept is rounded up).
    pub witch: u16,
    /// The Vineyards: the vineyards around a completed monastery, 3 points each.
    pub vineyards: u16,
}

impl Breakdown {
    pub fn total(&self) -> u32 {
        (self.tiles as u32 * self.tile_value as u32
            + self.pennants as u32 * self.pennant_value as u32
            + self.cities as u32 * self.city_value as u32
            + self.besieged_cities as u32 * 2 * self.city_value as u32
            + self.building_points as u32
            + self.labyrinth_followers as u32 * self.labyrinth_value as u32
            + self.darmstadtium as u32
            + self.mage as u32
            + self.vineyards as u32 * VINEYARD_POINTS as u32)
            .saturating_sub(self.witch as u32)
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![];
        if self.tiles > 0 || (self.pennants == 0 && self.cities == 0 && self.city_value == 0 && self.buildings == 0) {
            parts.push(format!("{} tile{} × {}", self.tiles, plural(self.tiles), self.tile_value));
        }
        if self.pennants > 0 {
            parts.push(format!("{} pennant{} × {}", self.pennants, plural(self.pennants), self.pennant_value));
        }
        let no_cities = self.tiles == 0 && self.pennants == 0 && self.besieged_cities == 0;
        if self.cities > 0 || (no_cities && self.city_value > 0 && self.buildings == 0) {
            parts.push(format!(
                "{} completed cit{} × {}",
                self.cities,
                if self.cities == 1 { "y" } else { "ies" },
                self.city_value
            ));
        }
        if self.besieged_cities > 0 {
            let n = self.besieged_cities;
            parts.push(format!("{n} besieged cit{} × {}", if n == 1 { "y" } else { "ies" }, 2 * self.city_value));
        }
        if self.buildings > 0 {
            let n = self.buildings;
            if self.building_points == n {
                parts.push(format!("{n} little building{}", plural(n)));
            } else {
                parts.push(format!("{n} little building{} worth {}", plural(n), self.building_points));
            }
        }
        if self.labyrinth_followers > 0 {
            let n = self.labyrinth_followers;
            parts.push(format!("{n} follower{} in the labyrinth × {}", plural(n), self.labyrinth_value));
        }
        if self.darmstadtium > 0 {
            parts.push(format!("the Darmstadtium {}", self.darmstadtium));
        }
        if self.mage > 0 {
            parts.push(format!("the mage {}", self.mage));
        }
        if self.vineyards > 0 {
            let n = self.vineyards;
            let each = VINEYARD_POINTS;
            parts.push(format!("{n} vineyard{} × {each}", plural(n)));
        }
        // The witch halves the points the others added up: "… − the witch 5 = 5".
        let witch = if self.witch > 0 { format!(" − the witch {}", self.witch) } else { String::new() };
        write!(f, "{}{witch} = {}", parts.join(" + "), self.total())
    }
}

fn plural(n: u16) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
