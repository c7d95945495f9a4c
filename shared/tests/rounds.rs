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
