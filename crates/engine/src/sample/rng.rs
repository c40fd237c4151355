//! The random stream of a run: one xoshiro256++ generator per chunk of
//! hands, seeded from the run's seed and the chunk's number through the
//! SplitMix64 mixer (see the module documentation of [`crate::sample`]), and
//! unbiased uniform draws from it.
//!
//! The stream is part of the tool's promise (the same seed gives the same
//! hands on any machine): the outputs of `simulate` for fixed seeds must not
//! change when the generator crates are updated.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// SplitMix64 increment ("golden gamma"), also the seed-word separator.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output function of `x` (a bijection of 64-bit words).
#[inline]
pub(super) fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of chunk `chunk` of a run with seed `seed`.
pub(super) fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let words = [
        splitmix64(seed),
        splitmix64(seed ^ GOLDEN_GAMMA),
        splitmix64(chunk),
        splitmix64(!chunk),
    ];
    let mut bytes = [0u8; 32];
    for (i, w) in words.iter().enumerate() {
        bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// A uniform integer in `0..n` (`n > 0`), unbiased (Lemire 2019).
#[inline]
pub(super) fn below(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = chunk_rng(7, 0);
        let mut seen = [0u32; 13];
        for _ in 0..13_000 {
            seen[below(&mut rng, 13) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
    }

    #[test]
    fn the_stream_is_xoshiro256plusplus_from_splitmix64_words() {
        // SplitMix64's published first output for the state 0 (Vigna's
        // reference splitmix64.c: the first call adds the golden gamma).
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        // xoshiro256++ by its reference definition (Blackman and Vigna,
        // xoshiro256plusplus.c), from the same four words: the generator
        // crate must give the same numbers.
        let mut s = [
            splitmix64(3),
            splitmix64(3 ^ GOLDEN_GAMMA),
            splitmix64(5),
            splitmix64(!5),
        ];
        let mut rng = chunk_rng(3, 5);
        for _ in 0..1000 {
            let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
            let t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = s[3].rotate_left(45);
            assert_eq!(rng.next_u64(), result);
        }
    }
}
