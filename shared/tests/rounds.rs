//! The rounds of the reduction loop on data files: `Config::demote_idle`.

mod common;

use minimize_engine::passes::Pass;
use minimize_engine::{
    reduce, CancelFlag, Config, FnPredicate, NullObserver, NullSink, Reduction, VerdictCache,
};

use common::*;

/// `Config::demote_idle`: a pass that has tested 100 candidates without one taken
/// goes after the others and waits, like a fallback, for a round in which they find
/// nothing. Here two passes take one element off each in every round, and the one
/// between them proposes up to 30 cuts that all fail: without demotion it runs in
/// every round, with it in four rounds and the last. The result is the same.
#[test]
fn idle_passes_wait_like_fallbacks() {
    use minimize_engine::passes::{Ctx, Interrupt};
    /// One element off the front, once a run.
    struct One(&'static str);
    impl Pass<Vec<u64>> for One {
        fn name(&self) -> &'static str {
            self.0
        }
        fn run(&mut self, ctx: &mut dyn Ctx<Vec<u64>>) -> Result<(), Interrupt> {
            let c = ctx.current().clone();
            if c.len() > 1 {
                ctx.test(c[1..].to_vec())?;
            }
            Ok(())
        }
    }
    /// The last element (the one the check needs) off with each of 30 others.
    struct Never;
    impl Pass<Vec<u64>> for Never {
        fn name(&self) -> &'static str {
            "never"
        }
        fn run(&mut self, ctx: &mut dyn Ctx<Vec<u64>>) -> Result<(), Interrupt> {
            let c = ctx.current().clone();
            for k in 0..c.len().saturating_sub(1).min(30) {
                let cand: Vec<u64> = (c.iter().enumerate())
                    .filter(|&(i, _)| i != k && i != c.len() - 1)
                    .map(|(_, &v)| v)
                    .collect();
                ctx.test(cand)?;
            }
            Ok(())
        }
    }
    let go = |demote: bool| {
        let p = FnPredicate::new("ints", |c: &Vec<u64>| c.last() == Some(&0));
        let r = Reduction {
            predicate: &p,
            passes: vec![Box::new(One("one")), Box::new(Never), Box::new(One("two"))],
            config: Config {
                initial_quota: usize::MAX,
                adaptive_restart: false,
                demote_idle: demote,
                ..config(1)
            },
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let start: Vec<u64> = (1..=60).chain([0]).collect();
        let out = reduce(start, r, &mut NullObserver, &mut NullSink).unwrap();
        let never = out.summary.passes[1].tests;
        (out.best, never)
    };
    let (plain, never_plain) = go(false);
    let (demoted, never_demoted) = go(true);
    assert_eq!(plain, [0]);
    assert_eq!(demoted, plain);
    assert!(never_plain > 500, "{never_plain}");
    assert!(never_demoted <= 120, "{never_demoted}");
}

/// An idle pass runs in slices of 100 tests, each followed by the turn of the passes
/// after it that wait for a round without successes (a last resort here). One pass
/// proposes 2 000 cuts, none taken; a last resort takes the case down to the one
/// element the check needs in one cut. Without demotion the last resort has its
/// turn only after the long pass's sweep; with it, after the long pass's first 100
/// tests.
#[test]
fn an_idle_pass_runs_in_slices_between_the_last_resorts() {
    use minimize_engine::passes::{last_resort, Ctx, Interrupt};
    /// Cut `k` deletes element `k` (and the rest of the sweep goes on from `k + 1`).
    #[derive(Default)]
    struct Long {
        next: usize,
    }
    impl Pass<Vec<u64>> for Long {
        fn name(&self) -> &'static str {
            "long"
        }
        fn is_fresh(&self) -> bool {
            self.next == 0
        }
        fn run(&mut self, ctx: &mut dyn Ctx<Vec<u64>>) -> Result<(), Interrupt> {
            while self.next < ctx.current().len().saturating_sub(1) {
                ctx.checkpoint()?;
                let c = ctx.current().clone();
                let k = self.next;
                self.next += 1;
                let cand: Vec<u64> = (c.iter().enumerate())
                    .filter(|&(i, _)| i != k)
                    .map(|(_, &v)| v)
                    .collect();
                ctx.test(cand)?;
            }
            self.next = 0;
            Ok(())
        }
    }
    /// Everything but the last element, in one cut.
    struct Rescue;
    impl Pass<Vec<u64>> for Rescue {
        fn name(&self) -> &'static str {
            "rescue"
        }
        fn run(&mut self, ctx: &mut dyn Ctx<Vec<u64>>) -> Result<(), Interrupt> {
            let c = ctx.current().clone();
            if c.len() > 1 {
                ctx.test(c[c.len() - 1..].to_vec())?;
            }
            Ok(())
        }
    }
    let go = |demote: bool| {
        // Interesting: the last element is 0, and none before it is missing or all are.
        let p = FnPredicate::new("ints", |c: &Vec<u64>| {
            c.last() == Some(&0) && (c.len() == 1 || c.len() == 2001)
        });
        let r = Reduction {
            predicate: &p,
            passes: vec![Box::new(Long::default()), last_resort(Rescue)],
            config: Config {
                demote_idle: demote,
                ..config(1)
            },
            cache: VerdictCache::new(None),
            cancel: CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let start: Vec<u64> = (1..=2000).chain([0]).collect();
        let out = reduce(start, r, &mut NullObserver, &mut NullSink).unwrap();
        (out.best, out.summary.passes[0].tests)
    };
    let (plain, long_plain) = go(false);
    let (sliced, long_sliced) = go(true);
    assert_eq!(plain, [0]);
    assert_eq!(sliced, plain);
    assert!(long_plain >= 2000, "{long_plain}");
    assert_eq!(long_sliced, 100);
}
