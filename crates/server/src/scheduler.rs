//! The bot workers: a fixed number of threads (by default one per core) that take bot
//! decisions from one queue, so that any number of games with bots share the cores instead of
//! each decision taking a thread of its own.
//!
//! Order: decisions of games where a person is waiting come before those of games between bots
//! only; within each class, the oldest request first. Budgets: a bot thinks for its level's
//! time ([`crate::bots::server_bot`]); a decision that starts while others of its class or a
//! higher one wait gets a share of it (the workers divided by the workers plus the waiting, at
//! least a quarter), and a running decision of a game between bots is cut short (it plays the
//! best action it has found) as soon as a person's game waits for a worker. So a person's bot
//! answers in about its usual time however many games between bots are running.
//!
//! The workers run at a lower CPU priority than the rest of the server (nice 10 on Linux), so
//! that requests and WebSocket updates never queue behind searches.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use carcassonne_bots::{BotSpec, Budget, StopSignal};
use carcassonne_engine::{Action, Game, PlayerId};
use tokio::sync::oneshot;

/// Which queue a decision waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// A game with a person waiting for the bot.
    PersonWaiting,
    /// A game between bots only.
    BotsOnly,
}

/// One bot decision to make.
pub struct Decision {
    pub class: Class,
    /// Whose game it is (the address that created it; `None` for a game loaded at start): the
    /// workers are shared fairly between clients, not only between games.
    pub client: Option<IpAddr>,
    pub bot: BotSpec,
    pub seed: u64,
    pub game: Game,
    pub seat: PlayerId,
}

/// Why a decision came back without an action.
#[derive(Debug, PartialEq, Eq)]
pub enum NotDecided {
    /// The server is stopping.
    Stopping,
    /// The bot failed (a panic in its search); the message says how.
    Failed(String),
}

/// What a decision took, for the load figures.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// From the request to a worker taking it.
    pub queued: Duration,
    /// The worker's time on it.
    pub thinking: Duration,
    /// Whether the search was cut short for a person's game.
    pub cut_short: bool,
}

/// A decision's budget is never cut below this share of its own when others wait.
const MIN_SHARE: f64 = 0.25;

/// The CPU priority of the workers (a Unix nice value: higher is lower priority).
const WORKER_NICE: i32 = 10;

pub struct BotPool {
    shared: Arc<Shared>,
    workers: usize,
}

struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
}

type Reply = oneshot::Sender<Result<(Action, Timing), NotDecided>>;

struct Waiting {
    decision: Decision,
    requested: Instant,
    reply: Reply,
}

#[derive(Default)]
struct Queue {
    /// By class, then by request number (oldest first).
    waiting: BTreeMap<(Class, u64), Waiting>,
    running: Vec<Running>,
    next: u64,
    closed: bool,
    /// When each client's decision was last taken by a worker (a count of decisions taken):
    /// within a class the client served longest ago goes first, so one client's many games
    /// cannot keep another's waiting.
    served: HashMap<Option<IpAddr>, u64>,
    taken: u64,
}

struct Running {
    number: u64,
    class: Class,
    started: Instant,
    stop: StopSignal,
}

impl Queue {
    fn waiting_at_or_above(&self, class: Class) -> usize {
        self.waiting.range(..=(class, u64::MAX)).count()
    }

    /// Takes the next decision: of the first class waiting, the one whose client was served
    /// longest ago (never, first), the oldest of that client's.
    fn take(&mut self) -> Option<((Class, u64), Waiting)> {
        let (&(class, _), _) = self.waiting.first_key_value()?;
        let key = *self
            .waiting
            .range((class, 0)..=(class, u64::MAX))
            .min_by_key(|((_, number), w)| (self.served.get(&w.decision.client).copied().unwrap_or(0), *number))?
            .0;
        let waiting = self.waiting.remove(&key)?;
        self.taken += 1;
        self.served.insert(waiting.decision.client, self.taken);
        if self.waiting.is_empty() && self.running.is_empty() {
            // Nobody waits: the order starts afresh (and the map stays small).
            self.served.clear();
            self.served.insert(waiting.decision.client, self.taken);
        }
        Some((key, waiting))
    }
}

impl BotPool {
    /// Starts `workers` threads (at least one).
    pub fn new(workers: usize) -> BotPool {
        let workers = workers.max(1);
        let shared = Arc::new(Shared { queue: Mutex::new(Queue::default()), wake: Condvar::new() });
        for k in 0..workers {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("bot-worker-{k}"))
                .spawn(move || work(&shared, workers))
                .expect("the system starts a thread");
        }
        BotPool { shared, workers }
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Queues a decision and waits for the bot's action.
    pub async fn decide(&self, decision: Decision) -> Result<(Action, Timing), NotDecided> {
        let (reply, answer) = oneshot::channel();
        {
            let mut queue = self.shared.lock();
            if queue.closed {
                return Err(NotDecided::Stopping);
            }
            let number = queue.next;
            queue.next += 1;
            let class = decision.class;
            queue.waiting.insert((class, number), Waiting { decision, requested: Instant::now(), reply });
            // A person's game waiting for a busy pool takes the place of the oldest running
            // search of a game between bots (it plays what it has found so far).
            if class == Class::PersonWaiting && queue.running.len() >= self.workers {
                let oldest = queue
                    .running
                    .iter()
                    .filter(|r| r.class == Class::BotsOnly && !r.stop.is_stopped())
                    .min_by_key(|r| r.started);
                if let Some(running) = oldest {
                    running.stop.stop();
                }
            }
        }
        self.shared.wake.notify_one();
        answer.await.unwrap_or(Err(NotDecided::Stopping))
    }

    /// Decisions waiting for a worker, and decisions being made.
    pub fn load(&self) -> (usize, usize) {
        let queue = self.shared.lock();
        (queue.waiting.len(), queue.running.len())
    }

    /// Stops the workers: running searches end at once and come back as
    /// [`NotDecided::Stopping`], as do the waiting decisions.
    pub fn close(&self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        for running in &queue.running {
            running.stop.stop();
        }
        for (_, waiting) in std::mem::take(&mut queue.waiting) {
            let _ = waiting.reply.send(Err(NotDecided::Stopping));
        }
        drop(queue);
        self.shared.wake.notify_all();
    }
}

impl Drop for BotPool {
    fn drop(&mut self) {
        self.close();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // The queue is changed only in short sections that do not panic.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A worker: takes the first decision in the queue, runs the bot, replies; until closed.
fn work(shared: &Shared, workers: usize) {
    lower_priority();
    loop {
        let mut queue = shared.lock();
        let (number, waiting, stop, share) = loop {
            if queue.closed {
                return;
            }
            if let Some(((class, number), waiting)) = queue.take() {
                let others = queue.waiting_at_or_above(class);
                let share = (workers as f64 / (workers + others) as f64).max(MIN_SHARE);
                let stop = StopSignal::new();
                queue.running.push(Running { number, class, started: Instant::now(), stop: stop.clone() });
                break (number, waiting, stop, share);
            }
            queue = shared.wake.wait(queue).unwrap_or_else(|e| e.into_inner());
        };
        drop(queue);
        let started = Instant::now();
        let queued = started - waiting.requested;
        let decision = waiting.decision;
        // A panic in a bot fails that decision, not the worker.
        let chosen = catch_unwind(AssertUnwindSafe(|| {
            let mut bot = with_share(&decision.bot, share).build(decision.seed);
            bot.set_stop_signal(stop.clone());
            bot.choose_action(&decision.game.observation(Some(decision.seat)))
        }));
        let timing = Timing { queued, thinking: started.elapsed(), cut_short: stop.is_stopped() };
        let mut queue = shared.lock();
        queue.running.retain(|r| r.number != number);
        let closed = queue.closed;
        drop(queue);
        let answer = match chosen {
            _ if closed => Err(NotDecided::Stopping),
            Ok(action) => Ok((action, timing)),
            Err(panic) => Err(NotDecided::Failed(panic_message(&panic))),
        };
        let _ = waiting.reply.send(answer);
    }
}

/// The bot with `share` of its budget.
fn with_share(bot: &BotSpec, share: f64) -> BotSpec {
    match bot {
        BotSpec::Mcts(settings) if share < 1.0 => {
            let budget = match settings.budget {
                Budget::Time(t) => Budget::Time(t.mul_f64(share)),
                Budget::Iterations(n) => Budget::Iterations(((n as f64 * share) as u32).max(1)),
            };
            BotSpec::Mcts(carcassonne_bots::MctsSettings { budget, ..settings.clone() })
        }
        _ => bot.clone(),
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the bot panicked".to_string())
}

/// Lowers the calling thread's CPU priority (Linux: each thread has its own nice value).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` has no preconditions; `setpriority` on our own thread id only changes
    // that thread's nice value, and failing (e.g. not permitted) leaves it as it was.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, WORKER_NICE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_bots::Evaluation;
    use carcassonne_engine::{Color, Deck, GameSetup, Rules};

    fn decision(class: Class, bot: &str) -> Decision {
        let game =
            Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(3) })
                .unwrap();
        Decision { class, client: None, bot: BotSpec::parse(bot).unwrap(), seed: 1, game, seat: 0 }
    }

    /// A person's game that finds every worker busy with games between bots cuts one search
    /// short and is served next; its own search is not cut.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_persons_game_cuts_a_bots_only_search_short() {
        let pool = Arc::new(BotPool::new(1));
        // A search that would take ten minutes, unless cut short.
        let long = tokio::spawn({
            let pool = pool.clone();
            async move { pool.decide(decision(Class::BotsOnly, "mcts:time=600")).await }
        });
        while pool.load().1 == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waiting = tokio::spawn({
            let pool = pool.clone();
            async move { pool.decide(decision(Class::BotsOnly, "greedy")).await }
        });
        while pool.load().0 == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let person = pool.decide(decision(Class::PersonWaiting, "mcts:iters=50")).await;
        assert!(person.is_ok());
        // (A search that ignored the cut would run for ten minutes: fail instead of hanging.)
        let cut = tokio::time::timeout(Duration::from_secs(120), long).await.expect("the long search was cut short");
        let (_, cut) = cut.unwrap().expect("the cut search still plays an action");
        assert!(cut.cut_short);
        // The bots-only decision queued before the person's was served after it.
        let (_, greedy) = waiting.await.unwrap().unwrap();
        let (_, person) = person.unwrap();
        assert!(greedy.queued > person.queued);
        assert!(!person.cut_short && !greedy.cut_short);
        pool.close();
        assert_eq!(pool.decide(decision(Class::PersonWaiting, "greedy")).await.unwrap_err(), NotDecided::Stopping);
    }

    /// One client's many games do not keep another client's bot waiting: with one worker busy
    /// and five of client A's decisions queued before client B's one, B's is taken next.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn clients_share_the_workers_fairly() {
        let pool = Arc::new(BotPool::new(1));
        let of = |client: [u8; 4], bot: &str| Decision {
            client: Some(IpAddr::from(client)),
            ..decision(Class::PersonWaiting, bot)
        };
        let first = tokio::spawn({
            let pool = pool.clone();
            let d = of([10, 0, 0, 1], "mcts:iters=3000");
            async move { pool.decide(d).await }
        });
        while pool.load().1 == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut a = vec![];
        for _ in 0..5 {
            let queued = pool.clone();
            let d = of([10, 0, 0, 1], "mcts:iters=300");
            a.push(tokio::spawn(async move { queued.decide(d).await }));
            while pool.load().0 < a.len() {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        }
        let b = pool.decide(of([10, 0, 0, 2], "greedy")).await.unwrap().1;
        first.await.unwrap().unwrap();
        let mut a_queued = vec![];
        for task in a {
            a_queued.push(task.await.unwrap().unwrap().1.queued);
        }
        // B's decision was taken before every one of A's that was queued before it.
        assert!(a_queued.iter().all(|&q| q > b.queued), "B waited {:?}, A's {a_queued:?}", b.queued);
    }

    #[test]
    fn shares_shrink_budgets() {
        let hard = BotSpec::parse("mcts:time=1").unwrap();
        let BotSpec::Mcts(half) = with_share(&hard, 0.5) else { panic!() };
        assert_eq!(half.budget, Budget::Time(Duration::from_millis(500)));
        let BotSpec::Mcts(iters) = with_share(&BotSpec::parse("mcts:iters=100").unwrap(), 0.25) else { panic!() };
        assert_eq!(iters.budget, Budget::Iterations(25));
        assert_eq!(with_share(&BotSpec::Greedy(Evaluation::DEFAULT), 0.25), BotSpec::Greedy(Evaluation::DEFAULT));
    }
}
