//! The `q` value of an `Accept` media range, read without Rust's float parser.
//!
//! [`thousandths`] gives exactly what `value.parse::<f64>()` followed by `(q.min(1.0) * 1000.0).round()` gave (0 for
//! anything unreadable, not finite, or not above 0), for every string: the same syntax, and the same rounding to the
//! nearest `f64`, decided with exact integer arithmetic. Why not the float parser: its tables and code were 12.6 KB
//! of the gzipped wasm, and with ttf-parser's CFF reader left out (`vendor/README.md`) nothing else in the Worker
//! parses a float; this reader is a few hundred bytes.

use std::cmp::Ordering;

/// Significant digits kept; a non-zero digit after them only marks the value as above the kept ones. 400 is more than
/// any comparison below needs: a midpoint between two `f64`s in [10⁻⁴, 1) has at most 67 decimal places, and the
/// largest `f64`'s rounding boundary is an integer of 309 digits.
const MAX_DIGITS: usize = 400;

/// `value` (a `q` parameter's value) in thousandths, 0 to 1000.
pub(crate) fn thousandths(value: &str) -> u32 {
    let Some(decimal) = Decimal::read(value) else { return 0 };
    if decimal.negative || decimal.digits.is_empty() {
        return 0;
    }
    match decimal.point {
        // Below 10⁻⁴: at most a tenth of a thousandth.
        ..=-4 => 0,
        -3..=0 => (decimal.nearest_f64().min(1.0) * 1000.0).round() as u32,
        1..=308 => 1000,
        // In [10³⁰⁸, 10³⁰⁹): finite below 2¹⁰²⁴ − 2⁹⁷⁰, where rounding goes to infinity (a tie too: to the even 2¹⁰²⁴).
        309 => match decimal.cmp_binary((1 << 54) - 1, 970) {
            Ordering::Less => 1000,
            _ => 0,
        },
        _ => 0,
    }
}

/// A number in Rust's float syntax, `[+-](digits[.digits]|.digits)[(e|E)[+-]digits]`: the value is
/// 0.`digits` × 10^`point`, and above that if `truncated`.
struct Decimal {
    negative: bool,
    /// The significant digits' values, from the first non-zero one, at most [`MAX_DIGITS`]; empty for 0.
    digits: Vec<u8>,
    /// Whether a non-zero digit was dropped after [`MAX_DIGITS`].
    truncated: bool,
    point: i64,
    /// `digits` as a whole number.
    whole: Big,
}

impl Decimal {
    /// `text` read, or `None` if it is not a number (`inf`, `infinity` and `nan` are not: each gives 0 anyway).
    fn read(text: &str) -> Option<Decimal> {
        let (negative, text) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (mantissa, exponent) = match text.find(['e', 'E']) {
            Some(at) => (&text[..at], Some(&text[at + 1..])),
            None => (text, None),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
            return None;
        }
        let point = whole.len() as i64;
        let mut decimal = Decimal { negative, digits: Vec::new(), truncated: false, point, whole: Big(vec![0]) };
        for b in whole.bytes().chain(fraction.bytes()) {
            decimal.push(b - b'0');
        }
        if let Some(exponent) = exponent {
            decimal.point = decimal.point.saturating_add(read_exponent(exponent)?);
        }
        Some(decimal)
    }

    /// Appends the next digit.
    fn push(&mut self, digit: u8) {
        if self.digits.is_empty() && digit == 0 {
            self.point -= 1;
        } else if self.digits.len() < MAX_DIGITS {
            self.digits.push(digit);
            self.whole.mul_add(10, u32::from(digit));
        } else if digit != 0 {
            self.truncated = true;
        }
    }

    /// The nearest `f64` (ties to the even one) to a value in [10⁻⁴, 1): a first guess from the leading digits,
    /// within a few units in the last place, moved one unit at a time while a neighbour is nearer.
    fn nearest_f64(&self) -> f64 {
        let lead = &self.digits[..self.digits.len().min(18)];
        let n = lead.iter().fold(0u64, |n, &d| n * 10 + u64::from(d));
        let mut nearest = n as f64 * 10f64.powi((self.point - lead.len() as i64) as i32);
        loop {
            let up = f64::from_bits(nearest.to_bits() + 1);
            let down = f64::from_bits(nearest.to_bits() - 1);
            nearest = match (self.cmp_midpoint(nearest, up), self.cmp_midpoint(down, nearest)) {
                (Ordering::Greater, _) => up,
                (Ordering::Equal, _) if up.to_bits() & 1 == 0 => up,
                (_, Ordering::Less) => down,
                (_, Ordering::Equal) if down.to_bits() & 1 == 0 => down,
                _ => return nearest,
            };
        }
    }

    /// The value against the midpoint of two neighbouring positive normal `f64`s.
    fn cmp_midpoint(&self, low: f64, high: f64) -> Ordering {
        // m · 2^e of each, then their sum over the smaller power of two, halved.
        let parts = |x: f64| ((x.to_bits() & ((1 << 52) - 1)) | 1 << 52, (x.to_bits() >> 52) as i64 - 1075);
        let ((low_m, low_e), (high_m, high_e)) = (parts(low), parts(high));
        let e = low_e.min(high_e);
        self.cmp_binary((low_m << (low_e - e)) + (high_m << (high_e - e)), e - 1)
    }

    /// The value against `m` · 2^`e`, exactly: both sides scaled to whole numbers.
    fn cmp_binary(&self, m: u64, e: i64) -> Ordering {
        let mut left = Big(self.whole.0.clone());
        let mut right = Big(vec![m as u32, (m >> 32) as u32]);
        let ten_power = self.point - self.digits.len() as i64;
        if ten_power >= 0 {
            left.mul_pow10(ten_power)
        } else {
            right.mul_pow10(-ten_power)
        }
        if e >= 0 {
            right.shl(e)
        } else {
            left.shl(-e)
        }
        match left.cmp(&right) {
            Ordering::Equal if self.truncated => Ordering::Greater,
            order => order,
        }
    }
}

/// An exponent's digits after an optional sign, or `None` if there are none or something else. Saturated far beyond
/// any exponent that matters (the text is no longer than a header).
fn read_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.bytes().fold(0i64, |v, b| (v * 10 + i64::from(b - b'0')).min(1 << 40));
    Some(if negative { -value } else { value })
}

/// A whole number, 32-bit limbs from the least significant.
struct Big(Vec<u32>);

impl Big {
    /// self × `factor` + `add`.
    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut power: i64) {
        while power > 0 {
            let step = power.min(9);
            self.mul_add(10u32.pow(step as u32), 0);
            power -= step;
        }
    }

    fn shl(&mut self, bits: i64) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        let bits = (bits % 32) as u32;
        if bits > 0 {
            self.mul_add(1 << bits, 0);
        }
    }

    fn cmp(&self, other: &Big) -> Ordering {
        let significant = |big: &Big| big.0.len() - big.0.iter().rev().take_while(|&&l| l == 0).count();
        let (a, b) = (&self.0[..significant(self)], &other.0[..significant(other)]);
        a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the `q` value was before this reader: Rust's float parser.
    fn with_float_parser(value: &str) -> u32 {
        match value.parse::<f64>() {
            Ok(q) if q.is_finite() && q > 0.0 => (q.min(1.0) * 1000.0).round() as u32,
            _ => 0,
        }
    }

    fn check(value: &str) {
        assert_eq!(thousandths(value), with_float_parser(value), "{value:?}");
    }

    #[test]
    fn reads_what_the_float_parser_reads() {
        for value in [
            "",
            "0",
            "1",
            "0.8",
            ".5",
            "5.",
            ".",
            "+",
            "-",
            "+.5",
            "-0.5",
            "-0",
            "1e",
            "1e+",
            "e5",
            ".e5",
            "1.e-1",
            "5E-4",
            "0.0005",
            "0.00049999999999999999999",
            "0.0004999",
            "0.9995",
            "0.99949999999999999999",
            "1.0001",
            "0.001",
            "0.0015",
            "0.0025",
            "inf",
            "+infinity",
            "NaN",
            "1_0",
            " 1",
            "1 ",
            "0x1",
            "00000.5000000",
            "1e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "1e309",
            "2e308",
            "0e999999999999999999999",
            "1e-999999999999999999",
            "1e999999999999999999",
            "0.5e1",
            "50e-2",
            "٣",
        ] {
            check(value);
        }
    }

    /// Around every rounding boundary: the midpoints between each `f64` where the result changes and its neighbour,
    /// exactly, and a digit either side of them.
    #[test]
    fn rounds_as_the_float_parser_at_every_boundary() {
        for k in 1..=1000u32 {
            // The largest `f64` that still gives less than k.
            let gives = |x: f64| with_float_parser(&format!("{x:e}"));
            let mut x = (f64::from(k) - 0.5) / 1000.0;
            while gives(x) >= k {
                x = f64::from_bits(x.to_bits() - 1);
            }
            while gives(f64::from_bits(x.to_bits() + 1)) < k {
                x = f64::from_bits(x.to_bits() + 1);
            }
            for step in 0..3 {
                let (low, high) = (f64::from_bits(x.to_bits() + step), f64::from_bits(x.to_bits() + step + 1));
                let mid = exact_midpoint(low, high);
                check(&mid);
                check(&format!("{mid}1"));
                check(&format!("{}9", lower_last_digit(&mid)));
                check(&format!("{mid}e0"));
                check(&format!("{}e-3", mid.replace("0.", "")));
                // Past the digits kept, a last non-zero digit still counts.
                check(&format!("{mid}{}1", "0".repeat(MAX_DIGITS)));
            }
        }
    }

    /// The exact decimal of (low + high) / 2, as `0.` and digits: the sum of the exact expansions of the halves
    /// (each exact, and of at most 68 places in [10⁻⁴, 1)).
    fn exact_midpoint(low: f64, high: f64) -> String {
        add_decimals(&format!("{:.90}", low / 2.0), &format!("{:.90}", high / 2.0))
    }

    /// The sum of two non-negative decimals with the same number of places.
    fn add_decimals(a: &str, b: &str) -> String {
        let (a, b): (Vec<u8>, Vec<u8>) = (a.bytes().collect(), b.bytes().collect());
        let mut out = vec![b'0'; a.len()];
        let mut carry = 0;
        for i in (0..a.len()).rev() {
            if a[i] == b'.' {
                out[i] = b'.';
                continue;
            }
            let sum = (a[i] - b'0') + (b[i] - b'0') + carry;
            out[i] = b'0' + sum % 10;
            carry = sum / 10;
        }
        assert_eq!(carry, 0);
        String::from_utf8(out).unwrap().trim_end_matches('0').to_string()
    }

    /// At the largest `f64`'s rounding boundary (2¹⁰²⁴ − 2⁹⁷⁰, 309 digits), with digits past the kept ones.
    #[test]
    fn rounds_as_the_float_parser_at_the_largest_value() {
        let boundary =
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587\
            2070963302864166928879109465555478519404026306574886715058206819089020007083836762738548458177115317644757\
            302700698555713669596228429148198608349364752927190741684443655107043427115596995080930428801779041744977\
            92";
        assert_eq!(boundary.len(), 309);
        let below = lower_last_digit(boundary);
        let zeros = "0".repeat(MAX_DIGITS);
        for value in [
            boundary.to_string(),
            format!("{boundary}.{zeros}1"),
            format!("{below}.{}", "9".repeat(MAX_DIGITS)),
            format!("{below}{zeros}e-{}", MAX_DIGITS),
            format!("0.{boundary}e309"),
        ] {
            check(&value);
        }
        assert_eq!(thousandths(&below), 1000);
        assert_eq!(thousandths(boundary), 0);
    }

    /// `digits` with its last digit one lower (its last digit is not 0).
    fn lower_last_digit(digits: &str) -> String {
        let mut bytes = digits.as_bytes().to_vec();
        *bytes.last_mut().unwrap() -= 1;
        String::from_utf8(bytes).unwrap()
    }

    /// Strings of the syntax's characters, every one of up to four characters and a spread of longer ones.
    #[test]
    fn agrees_on_strings_of_the_syntax_characters() {
        let alphabet = ["0", "1", "5", "9", ".", "e", "E", "+", "-", "i", "n"];
        let mut strings = vec![String::new()];
        for _ in 0..4 {
            strings = strings.iter().flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}"))).collect();
            strings.iter().for_each(|s| check(s));
        }
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let mut s = String::new();
            for _ in 0..(seed >> 60) + 4 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                s.push_str(alphabet[(seed >> 33) as usize % alphabet.len()]);
            }
            check(&s);
            check(&format!("0.{}", s.replace(['.', 'e', 'E', '+', '-', 'i', 'n'], "")));
        }
    }
}
