//! `Choices`: the fewest of a job's settings that still show the bug. The case is
//! a list of item ids (a flag, a dependency of the manifest, a group of files, ...;
//! what an id means is the job's business, and so is rendering the list into
//! something to check). The pass follows a plan: steps in order, each a list of
//! alternative changes (drop these items, replace that item by a lower id) of
//! which the first that keeps the bug is taken. A change naming an item no longer
//! there is skipped. One sweep; the scheduler runs it again only if the case
//! changed under it.
//!
//! A replacement's id must be lower than the item's, so that the candidate is
//! smaller in the engine's order (same length, lexicographically smaller): the job
//! numbers the lower settings (an optimization level below the user's) first.

use std::sync::Arc;

use super::{Ctx, Interrupt, Pass};

/// One alternative of a [`Step`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// Items dropped.
    pub remove: Vec<u64>,
    /// Items replaced: `(item, by)`, `by < item`.
    pub replace: Vec<(u64, u64)>,
}

impl Change {
    /// A change dropping `items`.
    pub fn remove(items: impl IntoIterator<Item = u64>) -> Change {
        Change {
            remove: items.into_iter().collect(),
            replace: Vec::new(),
        }
    }

    /// A change replacing `item` by `by`.
    pub fn replace(item: u64, by: u64) -> Change {
        debug_assert!(by < item, "a replacement must have a lower id");
        Change {
            remove: Vec::new(),
            replace: vec![(item, by)],
        }
    }

    /// `current` with the change made; `None` when an item it names is not there
    /// (or it changes nothing).
    pub fn apply(&self, current: &[u64]) -> Option<Vec<u64>> {
        let named = self
            .remove
            .iter()
            .chain(self.replace.iter().map(|(i, _)| i));
        let mut any = false;
        for item in named {
            if !current.contains(item) {
                return None;
            }
            any = true;
        }
        any.then(|| {
            (current.iter())
                .filter(|i| !self.remove.contains(i))
                .map(|i| {
                    (self.replace.iter())
                        .find(|(from, _)| from == i)
                        .map_or(*i, |(_, by)| *by)
                })
                .collect()
        })
    }
}

/// Alternatives tried in order; the first that keeps the bug is taken.
pub type Step = Vec<Change>;

/// The pass (see the module docs).
#[derive(Clone)]
pub struct Choices {
    name: &'static str,
    plan: Arc<Vec<Step>>,
    /// The next step of the sweep under way (0: a new sweep).
    next: usize,
}

impl Choices {
    /// A pass called `name` following `plan`.
    pub fn new(name: &'static str, plan: Vec<Step>) -> Choices {
        Choices {
            name,
            plan: Arc::new(plan),
            next: 0,
        }
    }
}

impl Pass<Vec<u64>> for Choices {
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&mut self, ctx: &mut dyn Ctx<Vec<u64>>) -> Result<(), Interrupt> {
        while let Some(step) = self.plan.get(self.next) {
            ctx.checkpoint()?;
            let current = ctx.current().clone();
            let cands: Vec<Vec<u64>> = step.iter().filter_map(|c| c.apply(&current)).collect();
            if !cands.is_empty() {
                ctx.first(cands)?;
            }
            self.next += 1;
        }
        self.next = 0;
        Ok(())
    }

    fn is_fresh(&self) -> bool {
        self.next == 0
    }

    fn fork(&self) -> Option<Box<dyn Pass<Vec<u64>>>> {
        Some(Box::new(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::NullSink;
    use crate::predicate::FnPredicate;
    use crate::report::NullObserver;
    use crate::schedule::{reduce, Config, Reduction};

    fn run(initial: Vec<u64>, plan: Vec<Step>, keeps: fn(&Vec<u64>) -> bool) -> (Vec<u64>, u64) {
        let pred = FnPredicate::new("choices", keeps);
        let reduction = Reduction {
            predicate: &pred,
            passes: vec![Box::new(Choices::new("choices", plan))],
            config: Config {
                jobs: 1,
                ..Config::default()
            },
            cache: crate::cache::VerdictCache::new(None),
            cancel: crate::CancelFlag::new(),
            admit: None,
            forms: Vec::new(),
        };
        let out = reduce(initial, reduction, &mut NullObserver, &mut NullSink).unwrap();
        (out.best, out.summary.runs)
    }

    #[test]
    fn a_change_naming_a_missing_item_is_skipped() {
        assert_eq!(Change::remove([3]).apply(&[1, 2]), None);
        assert_eq!(Change::remove([2]).apply(&[1, 2, 3]), Some(vec![1, 3]));
        assert_eq!(Change::replace(3, 0).apply(&[1, 3]), Some(vec![1, 0]));
        assert_eq!(Change::remove([]).apply(&[1]), None);
    }

    #[test]
    fn the_first_alternative_that_keeps_the_bug_is_taken_in_plan_order() {
        // Items 3, 4, 5; the bug needs 4, and 5 or a level at most 1 in its place.
        let plan = vec![
            vec![
                Change::remove([5]),
                Change::replace(5, 0),
                Change::replace(5, 1),
            ],
            vec![Change::remove([4])],
            vec![Change::remove([3])],
        ];
        let (best, _) = run(vec![3, 4, 5], plan, |c| {
            c.contains(&4) && c.iter().any(|&i| i == 5 || i <= 1)
        });
        assert_eq!(best, vec![4, 0]);
    }

    #[test]
    fn one_sweep_one_check_per_alternative_until_one_holds() {
        let plan = vec![
            vec![Change::remove([1, 2, 3])],
            vec![Change::remove([1])],
            vec![Change::remove([2])],
            vec![Change::remove([3])],
        ];
        // Only 2 is needed: all at once fails, then 1 goes, 2 stays, 3 goes.
        let (best, runs) = run(vec![1, 2, 3], plan, |c| c.contains(&2));
        assert_eq!(best, vec![2]);
        // The original (verified by the engine) and four alternatives, plus the
        // final check.
        assert_eq!(runs, 6);
    }
}
