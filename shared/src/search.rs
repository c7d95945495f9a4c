//! Searches over monotone-ish predicates: `find_change_point` (linear probe, then
//! exponential probe and binary search) and the integer probe of `shrink_integer`.
//!
//! Every function takes the probe as a closure returning `Result<bool, E>` so that
//! an interrupted reduction (cancel, restart) unwinds through them with `?`.

/// Largest `k` in `lo..=hi` such that `f(k)` is true, assuming `f(lo)` is true and
/// `f` is (mostly) monotone: true up to a change point, false after it.
///
/// Tries `lo + 1 ..= lo + 5` one by one (cheap when changes are small), then probes
/// exponentially and binary-searches the bracket it found (seeds:
/// adaptive-delta-debugging). `f(lo)` is never evaluated.
pub fn find_change_point<E>(
    lo: usize,
    hi: usize,
    mut f: impl FnMut(usize) -> Result<bool, E>,
) -> Result<usize, E> {
    if hi <= lo {
        return Ok(lo);
    }
    let linear_cap = hi.min(lo + 5);
    let mut k = lo;
    while k < linear_cap {
        if !f(k + 1)? {
            return Ok(k);
        }
        k += 1;
    }
    let (good, bad) = exponential_probe(k, hi, &mut f)?;
    binary_search(good, bad, f)
}

/// From a known-true `good`, probes `good + 1, good + 2, good + 4, ...` (capped at
/// `hi`) until one is false. Returns `(last true, first false)`; when everything up
/// to `hi` is true, returns `(hi, hi + 1)`.
pub fn exponential_probe<E>(
    good: usize,
    hi: usize,
    f: &mut impl FnMut(usize) -> Result<bool, E>,
) -> Result<(usize, usize), E> {
    let mut good = good;
    let mut step = 1;
    loop {
        if good >= hi {
            return Ok((hi, hi + 1));
        }
        let probe = (good + step).min(hi);
        if f(probe)? {
            good = probe;
            step *= 2;
        } else {
            return Ok((good, probe));
        }
    }
}

/// Given `f(good)` true and `f(bad)` false with `good < bad`, returns the largest
/// true point of the bracket (standard bisection).
pub fn binary_search<E>(
    mut good: usize,
    mut bad: usize,
    mut f: impl FnMut(usize) -> Result<bool, E>,
) -> Result<usize, E> {
    while bad > good + 1 {
        let mid = good + (bad - good) / 2;
        if f(mid)? {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Ok(good)
}

/// Smallest value `w <= v` for which `f(w)` holds, given that `f(v)` holds.
///
/// Tries `0`, then `1, 3, 7, 15, ...` (the probe of the notebook's `shrink_integer`)
/// until one works or passes `v`, then bisects between the last failure and the
/// first success. `O(log v)` calls; values close to zero are found fastest.
pub fn minimize_integer<E>(v: u128, f: impl FnMut(u128) -> Result<bool, E>) -> Result<u128, E> {
    minimize_integer_with(v, f, |_| true)
}

/// `minimize_integer` where the final bisection (which gains less than a factor of
/// two) only runs when `may_bisect(lo)` allows it for the bracket `(lo, hi]`.
/// Passes use it to bisect each bracket once: on predicates that are not monotone
/// in the value, repeated bisections make endless tiny progress.
pub fn minimize_integer_with<E>(
    v: u128,
    mut f: impl FnMut(u128) -> Result<bool, E>,
    mut may_bisect: impl FnMut(u128) -> bool,
) -> Result<u128, E> {
    if v == 0 {
        return Ok(0);
    }
    // Invariant: f(hi) true; f(lo) false unless lo is "none yet".
    let mut hi = v;
    let mut lo: Option<u128> = None;
    let mut k = 0u32;
    loop {
        let probe = if k >= 128 {
            u128::MAX
        } else {
            (1u128 << k) - 1
        };
        if probe >= hi {
            break;
        }
        if f(probe)? {
            hi = probe;
            break;
        }
        lo = Some(probe);
        k += 1;
    }
    let Some(mut lo) = lo else { return Ok(hi) };
    if hi - lo > 1 && !may_bisect(lo) {
        return Ok(hi);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if f(mid)? {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    fn count_cp(target: usize, hi: usize) -> (usize, usize) {
        let mut calls = 0;
        let r = find_change_point::<Infallible>(0, hi, |k| {
            calls += 1;
            Ok(k <= target)
        })
        .unwrap();
        (r, calls)
    }

    #[test]
    fn change_point_is_exact() {
        for hi in [0, 1, 5, 6, 7, 100, 1000] {
            for target in 0..=hi.min(130) {
                assert_eq!(count_cp(target, hi).0, target, "hi={hi} target={target}");
            }
            assert_eq!(count_cp(hi, hi).0, hi);
        }
    }

    #[test]
    fn change_point_is_logarithmic() {
        let (r, calls) = count_cp(700, 1000);
        assert_eq!(r, 700);
        assert!(calls <= 25, "{calls}");
        assert_eq!(count_cp(2, 1000), (2, 3));
    }

    #[test]
    fn minimize_integer_finds_threshold() {
        for (v, t) in [
            (1000u128, 500u128),
            (5, 3),
            (u64::MAX as u128, 1),
            (17, 0),
            (9, 9),
        ] {
            let mut calls = 0;
            let r = minimize_integer::<Infallible>(v, |w| {
                calls += 1;
                Ok(w >= t)
            })
            .unwrap();
            assert_eq!(r, t);
            assert!(calls <= 2 * 64 + 2);
        }
    }

    #[test]
    fn minimize_integer_probe_sequence_matches_notebook() {
        let mut seen = vec![];
        minimize_integer::<Infallible>(500, |w| {
            seen.push(w);
            Ok(w >= 500)
        })
        .unwrap();
        assert_eq!(&seen[..9], &[0, 1, 3, 7, 15, 31, 63, 127, 255]);
    }
}
