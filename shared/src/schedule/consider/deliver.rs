//! The final check (`Config::final_check`), through the same workers, counts and
//! sink as every candidate: of the first form of the best that differs from it and
//! still shows the bug (`Reduction::forms`), which then becomes the result, else of
//! the best itself, up to three runs (a flaky check is caught here). Never from the
//! cache: the one verdict taken as known is a run of this reduction on those very
//! bytes (an idle worker's check of the first form).

use super::{form_task_key, State};
use crate::case::{content_key, Case};
use crate::predicate::PredicateError;
use crate::report::Event;
use crate::schedule::workers::Task;
use crate::schedule::EngineError;

impl<C: Case> State<'_, C> {
    /// The final check (see the module docs); `notes[i]` is told when form `i` is
    /// checked. `Err(FlakyResult)` when nothing shows the bug any more.
    pub(crate) fn deliver(&mut self, notes: &[&'static str]) -> Result<(), EngineError> {
        self.await_form();
        for (i, note) in notes.iter().enumerate() {
            let known = if i == 0 { self.checked_form() } else { None };
            let was_known = known.is_some();
            if !was_known {
                self.emit(&Event::Note(note));
            }
            let shown = match known {
                Some(k) => Some(k),
                None => self.run_form(i)?,
            };
            if let Some((form, true)) = shown {
                if was_known {
                    self.emit(&Event::Note(note));
                }
                self.adopt(form)?;
                return Ok(());
            }
        }
        for _ in 0..3 {
            if self.run_uncached_best()?.is_interesting() {
                return Ok(());
            }
        }
        Err(EngineError::FlakyResult)
    }

    /// Computes form `i` of the best on a worker and runs the predicate on it:
    /// `None` when there is no other form (or it could not be checked).
    fn run_form(&mut self, i: usize) -> Result<Option<(C, bool)>, EngineError> {
        self.quiesce();
        let base = self.key_of_best;
        let task = form_task_key(&base, i);
        // Counted to no pass (see `wait_one`).
        self.forms.form_tasks.push((base, task, usize::MAX));
        self.checking = true;
        self.start_task(0, task, Task::Form(self.best.clone(), base, i));
        self.checking = false;
        loop {
            let Some(f) = self.wait_one() else {
                return Err(EngineError::Predicate(PredicateError::Other(
                    "internal: the form's task was lost".into(),
                )));
            };
            if f.key != task {
                continue;
            }
            self.progress(true);
            return match (f.form.flatten(), f.result) {
                (None, _) => Ok(None),
                (Some((_, form)), Ok(v)) => Ok(Some((form, v.is_interesting()))),
                (Some(_), Err(PredicateError::Cancelled)) => {
                    Err(EngineError::Predicate(PredicateError::Cancelled))
                }
                // A form that could not be checked is not delivered.
                (Some(_), Err(_)) => Ok(None),
            };
        }
    }

    /// Makes `form` (checked) the result: committed to the sink. Not an
    /// improvement (a formatted form may be larger): no pass is credited.
    fn adopt(&mut self, form: C) -> Result<(), EngineError> {
        self.sink.commit(&form).map_err(EngineError::Sink)?;
        self.key_of_best = content_key(&self.fingerprint, &form);
        self.best = form;
        Ok(())
    }
}
