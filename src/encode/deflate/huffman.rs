//! Huffman code lengths limited to a number of bits (built in place, Moffat and Katajainen), and the canonical codes
//! of code lengths.

/// Huffman code lengths for `freqs`, none longer than `max_bits`; every used symbol gets a code, and at least two
/// symbols have one (a code of one symbol is not a complete prefix code, which some inflaters refuse).
pub(super) fn code_lengths(freqs: &[u32], max_bits: usize) -> Vec<u8> {
    debug_assert!(max_bits <= 15);
    let mut lengths = vec![0u8; freqs.len()];
    let (mut keys, n) = sorted_keys(freqs);
    if n < 2 {
        return lengths;
    }
    let keys = &mut keys[..n];
    let mut count = depth_counts(keys, max_bits);
    limit(&mut count, max_bits);
    // The longest codes to the lightest symbols.
    let mut sym = keys.iter().map(|&k| (k & 0xffff_ffff) as usize);
    for len in (1..=max_bits).rev() {
        for _ in 0..count[len] {
            lengths[sym.next().expect("as many codes as symbols")] = len as u8;
        }
    }
    lengths
}

/// The largest alphabet: 286 literal/length symbols.
const MOST_SYMBOLS: usize = 286;

/// The used symbols of `freqs` (and the first unused ones, weighing 1, until there are two) as keys, each its
/// weight in the high half and its symbol in the low one, lightest first (ties by symbol, so the result is
/// deterministic), and how many. On the stack: a block's trees are made once a frame of an animation.
fn sorted_keys(freqs: &[u32]) -> ([u64; MOST_SYMBOLS], usize) {
    debug_assert!(freqs.len() <= MOST_SYMBOLS);
    let mut keys = [0u64; MOST_SYMBOLS];
    let mut n = 0;
    // Each symbol written, the count moved on only for a used one (no branch: most of an alphabet is unused, in no
    // order a branch predictor learns).
    for (s, &f) in freqs.iter().enumerate() {
        keys[n] = u64::from(f) << 32 | s as u64;
        n += usize::from(f > 0);
    }
    // At least two symbols: the first unused ones, weighing 1.
    for (s, _) in freqs.iter().enumerate().filter(|(_, &f)| f == 0) {
        if n >= 2 {
            break;
        }
        keys[n] = 1 << 32 | s as u64;
        n += 1;
    }
    heap_sort(&mut keys[..n]);
    (keys, n)
}

/// How many of the Huffman tree's leaves are at each depth, for `keys` (at least two, sorted; each a weight in its
/// high half, their sum under 2^32), the depths over `max_bits` counted at it. The keys' high halves are used up;
/// their low halves stay.
fn depth_counts(keys: &mut [u64], max_bits: usize) -> [usize; 16] {
    const LOW: u64 = 0xFFFF_FFFF;
    let n = keys.len();
    // Moffat and Katajainen's in-place Huffman ("In-place calculation of minimum-redundancy codes", 1995): the
    // high halves hold the weights, then each internal node's parent, then its depth, with nothing else beside
    // them. The leaves in order and the internal nodes in the order they are made are two sorted queues; a leaf
    // wins a tie, so the tree is the one two queues build.
    let a = |keys: &[u64], i: usize| keys[i] >> 32;
    let set = |keys: &mut [u64], i: usize, v: u64| keys[i] = v << 32 | keys[i] & LOW;
    set(keys, 0, a(keys, 0) + a(keys, 1));
    let (mut root, mut leaf) = (0, 2);
    for next in 1..n - 1 {
        // Each of the two lightest: an internal node (its slot then names its parent) or a leaf.
        for second in [false, true] {
            let internal = root < next && (leaf >= n || a(keys, root) < a(keys, leaf));
            let weight = if internal { a(keys, root) } else { a(keys, leaf) };
            set(keys, next, if second { a(keys, next) + weight } else { weight });
            if internal {
                set(keys, root, next as u64);
                root += 1;
            } else {
                leaf += 1;
            }
        }
    }
    // Internal nodes' depths, from the root (the last made) down.
    set(keys, n - 2, 0);
    for next in (0..n.saturating_sub(2)).rev() {
        let parent = a(keys, next) as usize;
        set(keys, next, a(keys, parent) + 1);
    }
    // Leaves at each depth: the nodes a depth holds (twice the internal nodes above it) less its internal ones.
    let mut count = [0usize; 16];
    let (mut available, mut depth, mut internal) = (1usize, 0u64, n as isize - 2);
    while available > 0 {
        let mut used = 0;
        while internal >= 0 && a(keys, internal as usize) == depth {
            used += 1;
            internal -= 1;
        }
        count[(depth as usize).min(max_bits)] += available - used;
        available = 2 * used;
        depth += 1;
    }
    count
}

/// Codes of `count` lengths (codes over `max_bits` counted at it) made a complete code of at most `max_bits` again.
fn limit(count: &mut [usize; 16], max_bits: usize) {
    // Kraft's sum over-full after clamping: move codes down from the longest length until it is exact (miniz's
    // method).
    let mut total: usize = (1..=max_bits).map(|len| count[len] << (max_bits - len)).sum();
    while total > 1 << max_bits {
        count[max_bits] -= 1;
        for len in (1..max_bits).rev() {
            if count[len] > 0 {
                count[len] -= 1;
                count[len + 1] += 2;
                break;
            }
        }
        total -= 1;
    }
}

/// `keys` in increasing order, by a heapsort. Not the slice's `sort`: its instantiation here was about 7 KB of the
/// wasm (these keys are all different, so every sort puts them in the same order), and a Huffman alphabet has at most
/// 286 symbols.
fn heap_sort(keys: &mut [u64]) {
    // Moves `keys[root]` down the max-heap `keys[..end]` to its place.
    let sift_down = |keys: &mut [u64], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && keys[child] < keys[child + 1] {
            child += 1;
        }
        if keys[root] >= keys[child] {
            break;
        }
        keys.swap(root, child);
        root = child;
    };
    for root in (0..keys.len() / 2).rev() {
        sift_down(keys, root, keys.len());
    }
    for end in (1..keys.len()).rev() {
        keys.swap(0, end);
        sift_down(keys, 0, end);
    }
}

/// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
#[inline(never)]
pub(super) fn canonical_codes(lengths: &[u8], codes: &mut [u16]) {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    // (Into an array, not a new vector: three a block, and a block a frame of an animation.)
    for (code, &l) in codes.iter_mut().zip(lengths) {
        *code = 0;
        if l != 0 {
            let c = next[l as usize];
            next[l as usize] += 1;
            *code = c.reverse_bits() >> (16 - l);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn heap_sort_sorts() {
        for n in 0..300u64 {
            let mut keys: Vec<u64> = (0..n).map(|i| ((i * 2_654_435_761) % 1_000) << 32 | i).collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            heap_sort(&mut keys);
            assert_eq!(keys, sorted, "{n} keys");
        }
    }

    /// The depth counts [`depth_counts`] made before it built the tree in place: the Huffman tree of the sorted
    /// `weights` by two queues (the leaves, and the internal nodes as they are made; a leaf wins a tie), with arrays
    /// of weights, parents and depths, each depth over `max_bits` counted at it. Its result must not change: a
    /// still's bytes would.
    fn depth_counts_by_two_queues(weights: &[u64], max_bits: usize) -> [usize; 16] {
        let n = weights.len();
        let mut weight = weights.to_vec();
        let mut parent = vec![0usize; 2 * n];
        let (mut leaf, mut inner) = (0, n);
        for next in n..2 * n - 1 {
            let mut pick = || {
                let take_leaf = leaf < n && (inner >= next || weight[leaf] <= weight[inner]);
                let picked = if take_leaf { &mut leaf } else { &mut inner };
                *picked += 1;
                *picked - 1
            };
            let (a, b) = (pick(), pick());
            weight.push(weight[a] + weight[b]);
            (parent[a], parent[b]) = (next, next);
        }
        let mut depth = vec![0usize; 2 * n - 1];
        let mut count = [0usize; 16];
        for i in (0..2 * n - 2).rev() {
            depth[i] = depth[parent[i]] + 1;
        }
        for &d in &depth[..n] {
            count[d.min(max_bits)] += 1;
        }
        count
    }

    proptest! {
        #[test]
        fn the_tree_is_the_one_two_queues_build(
            freqs in proptest::collection::vec(prop_oneof![Just(0u32), 1u32..5, 1u32..100_000], 2..286),
            max_bits in prop_oneof![Just(7usize), Just(15usize)],
        ) {
            let (mut keys, n) = sorted_keys(&freqs);
            let weights: Vec<u64> = keys[..n].iter().map(|&k| k >> 32).collect();
            prop_assert_eq!(depth_counts(&mut keys[..n], max_bits), depth_counts_by_two_queues(&weights, max_bits));
        }
    }

    #[test]
    fn code_lengths_are_complete_and_limited() {
        // Fibonacci weights make a Huffman tree deeper than 15.
        let mut freqs = vec![0u32; 40];
        let (mut a, mut b) = (1u32, 1u32);
        for f in freqs.iter_mut().take(30) {
            *f = a;
            (a, b) = (b, a + b);
        }
        let lengths = code_lengths(&freqs, 15);
        let (mut keys, n) = sorted_keys(&freqs);
        let weights: Vec<u64> = keys[..n].iter().map(|&k| k >> 32).collect();
        assert_eq!(depth_counts(&mut keys[..n], 15), depth_counts_by_two_queues(&weights, 15));
        assert!(lengths.iter().all(|&l| l <= 15));
        let kraft: f64 = lengths.iter().filter(|&&l| l > 0).map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-12, "{kraft}");
        assert_eq!(lengths.iter().filter(|&&l| l > 0).count(), 30);
        // One used symbol still gets a complete code of two.
        let one = code_lengths(&[0, 0, 5, 0], 7);
        assert_eq!(one.iter().filter(|&&l| l == 1).count(), 2);
    }
}
