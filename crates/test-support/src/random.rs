//! The tests' one pseudo-random generator: SplitMix64, small and deterministic, so that a
//! seed names a run (`RFC1738_MUTATION_SEED`, `RFC1738_BUILD_CASES`, ...).

/// SplitMix64.
pub struct Random(pub u64);

impl Random {
    /// The next 64 bits. (Not an `Iterator`: the generator never ends, and its tests call
    /// `next` as the draw it is.)
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}
