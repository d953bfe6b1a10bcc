//! Seeded randomness with an algorithm pinned by this crate, so that a seed gives the same deck
//! on every machine and in every future version.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// The random number generator the engine uses for shuffling.
pub type GameRng = ChaCha8Rng;

/// A generator seeded from a 64-bit number.
pub fn rng_from_seed(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-and-reject method.
pub fn below(rng: &mut impl RngCore, n: u32) -> u32 {
    debug_assert!(n > 0);
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = rng.next_u32() as u64 * n as u64;
        if (m as u32) >= threshold {
            return (m >> 32) as u32;
        }
    }
}

/// A draw from a bag of tokens counted by kind: the index of the kind drawn, each token equally
/// likely (0 from an empty bag). The flock bag of Hills & Sheep, the animal tokens of Under the
/// Big Top.
pub(crate) fn pick_by_counts(counts: &[u8], rng: &mut impl RngCore) -> usize {
    let total: u32 = counts.iter().map(|&n| u32::from(n)).sum();
    let mut k = below(rng, total.max(1));
    for (i, &n) in counts.iter().enumerate() {
        if k < u32::from(n) {
            return i;
        }
        k -= u32::from(n);
    }
    0
}

/// Fisher-Yates shuffle.
pub fn shuffle<T>(items: &mut [T], rng: &mut impl RngCore) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_permutation() {
        let mut a: Vec<u32> = (0..72).collect();
        let mut b = a.clone();
        shuffle(&mut a, &mut rng_from_seed(7));
        shuffle(&mut b, &mut rng_from_seed(7));
        assert_eq!(a, b);
        // Pinned: a change here breaks every seeded record ever written.
        assert_eq!(&a[..8], &[5, 8, 22, 64, 40, 17, 31, 54]);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = rng_from_seed(1);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let v = below(&mut rng, 5);
            assert!(v < 5);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
