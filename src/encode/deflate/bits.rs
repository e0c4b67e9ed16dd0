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

    /// Writes what `write` puts into [`Words`] (at most `puts` puts): into room made at the end of the output at
    /// once, whole bytes at a time. The output then ends in whole bytes, not whole words: not for a stamp's run,
    /// whose bits are read back a word at a time.
    #[inline]
    pub(super) fn put_many(&mut self, puts: usize, write: impl FnOnce(&mut Words)) {
        let start = self.out.len();
        // Each put writes at most 48 bits, and stores 8 bytes where its first whole byte goes.
        self.out.resize(start + 4 + puts * 6 + 8, 0);
        let room = &mut self.out[start..];
        room[..8].copy_from_slice(&self.acc.to_le_bytes());
        let held = self.n / 8;
        let mut words = Words { out: room, at: held as usize, acc: self.acc >> (held * 8), n: self.n % 8 };
        write(&mut words);
        let (at, acc, n) = (words.at, words.acc, words.n);
        self.out.truncate(start + at);
        (self.acc, self.n) = (acc, n);
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

/// Bits written into room made in advance ([`Bits::put_many`]): eight bytes stored at each put, the whole bytes of
/// them kept.
pub(super) struct Words<'a> {
    out: &'a mut [u8],
    at: usize,
    acc: u64,
    n: u32,
}

impl Words<'_> {
    /// Writes `a` (`a_bits` bits, at most 20: a literal's code, a length's with its extra bits), then `b`
    /// (`b_bits`, at most 28: a distance's).
    #[inline(always)]
    pub(super) fn put2(&mut self, a: u32, a_bits: u32, b: u32, b_bits: u32) {
        // Under 8 bits held, then at most 20 + 28: they fit in 64, and at most six whole bytes are stored.
        debug_assert!(self.n < 8 && a_bits <= 20 && b_bits <= 28);
        self.acc |= u64::from(a) << self.n;
        self.n += a_bits;
        self.acc |= u64::from(b) << self.n;
        self.n += b_bits;
        self.out[self.at..self.at + 8].copy_from_slice(&self.acc.to_le_bytes());
        let bytes = self.n >> 3;
        self.at += bytes as usize;
        self.acc >>= bytes * 8;
        self.n &= 7;
    }
}
