//! The Adler-32 of zlib streams (RFC 1950): summed eight bytes a step, and combined from the sums of parts (a
//! copied row's sum is the earlier row's).

pub(super) const ADLER_BASE: u32 = 65_521;

/// Adler-32 of `data` continued from `adler`.
pub(super) fn adler32(adler: u32, data: &[u8]) -> u32 {
    // Eight bytes x0..x7 a step: a grows by their sum, b by 8a + 8x0 + 7x1 + … + 1x7. The sums are made in 16-bit
    // lanes of one u64 and gathered into its top lane by a multiplication (the even bytes' lanes weighted 8, 6, 4, 2,
    // the odd ones' 7, 5, 3, 1; at most 5,100 a lane, no carry between lanes): three multiplications instead of
    // sixteen additions in a chain, a byte at a time.
    const LANES: u64 = 0x00FF_00FF_00FF_00FF;
    const ONES: u64 = 0x0001_0001_0001_0001;
    const EVEN_WEIGHTS: u64 = 0x0008_0006_0004_0002;
    const ODD_WEIGHTS: u64 = 0x0007_0005_0003_0001;
    // Sixteen bytes a step where they are: the first eight weighted 16..9, the next eight 8..1 (at most 13,260 a
    // lane); fewer multiplications and updates of the sums than two steps of eight.
    const EVEN_WEIGHTS_16: u64 = 0x0010_000E_000C_000A;
    const ODD_WEIGHTS_16: u64 = 0x000F_000D_000B_0009;
    let (mut a, mut b) = (adler & 0xFFFF, adler >> 16);
    // 5552 bytes is the most that can be summed before the 32-bit sums could overflow (zlib's NMAX); a multiple of 16.
    for chunk in data.chunks(5552) {
        let mut pairs = chunk.chunks_exact(16);
        for pair in &mut pairs {
            let v = u64::from_le_bytes(pair[..8].try_into().unwrap());
            let w = u64::from_le_bytes(pair[8..].try_into().unwrap());
            let (even, odd) = (v & LANES, v >> 8 & LANES);
            let (even2, odd2) = (w & LANES, w >> 8 & LANES);
            let sum = ((even + odd + even2 + odd2).wrapping_mul(ONES) >> 48) as u32;
            let weighted = ((even.wrapping_mul(EVEN_WEIGHTS_16) >> 48) as u32)
                + ((odd.wrapping_mul(ODD_WEIGHTS_16) >> 48) as u32)
                + (((even2.wrapping_mul(EVEN_WEIGHTS) + odd2.wrapping_mul(ODD_WEIGHTS)) >> 48) as u32);
            b += 16 * a + weighted;
            a += sum;
        }
        let mut words = pairs.remainder().chunks_exact(8);
        for word in &mut words {
            let v = u64::from_le_bytes(word.try_into().unwrap());
            let (even, odd) = (v & LANES, v >> 8 & LANES);
            let sum = ((even + odd).wrapping_mul(ONES) >> 48) as u32;
            let weighted =
                ((even.wrapping_mul(EVEN_WEIGHTS) >> 48) as u32) + ((odd.wrapping_mul(ODD_WEIGHTS) >> 48) as u32);
            b += 8 * a + weighted;
            a += sum;
        }
        for &byte in words.remainder() {
            a += u32::from(byte);
            b += a;
        }
        a %= ADLER_BASE;
        b %= ADLER_BASE;
    }
    b << 16 | a
}

/// The Adler-32 of `x` followed by `y`, from the Adler-32 of each and the length of `y` (zlib's
/// `adler32_combine`).
pub(super) fn adler32_combine(x: u32, y: u32, y_len: usize) -> u32 {
    let rem = (y_len % ADLER_BASE as usize) as u32;
    let a1 = x & 0xFFFF;
    let b1 = x >> 16;
    let a = (a1 + (y & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE;
    let b = ((rem * a1) % ADLER_BASE + b1 + (y >> 16) + ADLER_BASE - rem) % ADLER_BASE;
    b << 16 | a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler_matches_a_whole_pass_and_combines() {
        let data: Vec<u8> = (0..20_000u32).map(|i| (i * 7 + i / 13) as u8).collect();
        let whole = adler32(1, &data);
        for cut in [0, 1, 5552, 9999, 20_000] {
            let (x, y) = data.split_at(cut);
            assert_eq!(adler32_combine(adler32(1, x), adler32(1, y), y.len()), whole, "cut at {cut}");
        }
        assert_eq!(adler32(1, b"Wikipedia"), 0x11E6_0398);
        // A byte at a time by another reference: lengths around zlib's NMAX, and the largest sums (0xFF).
        let bytewise = |data: &[u8]| {
            let (a, b) = data.iter().fold((1u64, 0u64), |(a, b), &x| {
                let a = (a + u64::from(x)) % u64::from(ADLER_BASE);
                (a, (b + a) % u64::from(ADLER_BASE))
            });
            (b << 16 | a) as u32
        };
        for len in (0..80).chain([5551, 5552, 5553, 11_104, 20_000]) {
            assert_eq!(adler32(1, &data[..len]), bytewise(&data[..len]), "{len} bytes");
        }
        let most = vec![0xFF; 100_000];
        assert_eq!(adler32(1, &most), bytewise(&most));
        assert_eq!(adler32(0xFFF0_FFF0, &most[..5552]), adler32_combine(0xFFF0_FFF0, bytewise(&most[..5552]), 5552));
    }
}
