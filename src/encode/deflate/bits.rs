//! The bit writer of a deflate block: bits least significant first, and runs of bits written once and copied.

/// Bits written least significant first.
pub(super) struct Bits<'a> {
    pub(super) out: &'a mut Vec<u8>,
    pub(super) acc: u64,
    pub(super) n: u32,
}

impl Bits<'_> {
    #[inline]
    pub(super) fn put(&mut self, value: u32, bits: u32) {
        debug_assert!(bits <= 32 && (bits == 32 || value >> bits == 0));
        self.acc |= u64::from(value) << self.n;
        self.n += bits;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    /// Writes the bits held (under 32) as one more 32-bit word, padded with zero bits.
    pub(super) fn flush_word(&mut self) {
        if self.n > 0 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
        }
    }

    /// Appends the first `n` bits of `words` (32-bit little-endian words, least significant bit first).
    pub(super) fn put_bits(&mut self, words: &[u8], mut n: u32) {
        let mut at = 0;
        while n >= 32 {
            self.put(u32::from_le_bytes(words[at..at + 4].try_into().unwrap()), 32);
            at += 4;
            n -= 32;
        }
        if n > 0 {
            let word = u32::from_le_bytes(words[at..at + 4].try_into().unwrap());
            self.put(word & ((1u32 << n) - 1), n);
        }
    }

    /// Writes what is left, padded with zero bits to a whole byte.
    pub(super) fn finish(mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
    }
}
