//! Small sorts. The standard library's sorts are fast but cost several KB of Wasm for every
//! element type; the page's wasm has a size budget and sorts only short lists (hands, lines,
//! saves), so these few hundred bytes a type serve instead.

use std::cmp::Ordering;

/// Sorts `v` ascending by `cmp` (heapsort: unstable, O(n log n)).
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let mut less = |a: &T, b: &T| cmp(a, b) == Ordering::Less;
    for node in (0..v.len() / 2).rev() {
        sift_down(v, node, &mut less);
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift_down(&mut v[..end], 0, &mut less);
    }
}

/// Sorts `v` ascending (unstable; equal elements are equal, so it does not matter).
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// Sorts `v` by `cmp`, keeping equal elements in their order (insertion sort: for short lists).
pub fn sort_stable_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

fn sift_down<T>(v: &mut [T], mut node: usize, less: &mut impl FnMut(&T, &T) -> bool) {
    loop {
        let mut child = 2 * node + 1;
        if child >= v.len() {
            return;
        }
        if child + 1 < v.len() && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[node], &v[child]) {
            return;
        }
        v.swap(node, child);
        node = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_like_the_standard_library(mut v in proptest::collection::vec(0u8..20, 0..80)) {
            let mut expected = v.clone();
            expected.sort();
            let mut w = v.clone();
            sort(&mut v);
            prop_assert_eq!(&v, &expected);
            // Stable: pairs sorted by their first half keep the order of their second half.
            let mut pairs: Vec<(u8, usize)> = w.iter().map(|&x| x / 4).zip(0..).collect();
            let mut expected_pairs = pairs.clone();
            expected_pairs.sort_by_key(|p| p.0);
            sort_stable_by(&mut pairs, |a, b| a.0.cmp(&b.0));
            prop_assert_eq!(pairs, expected_pairs);
            sort_by(&mut w, |a, b| b.cmp(a));
            expected.reverse();
            prop_assert_eq!(w, expected);
        }
    }
}
