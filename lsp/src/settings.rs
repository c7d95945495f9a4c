//! Server settings, from `initializationOptions` and
//! `workspace/didChangeConfiguration` (either the settings object itself or nested
//! under `cargoMinimize` / `cargo-minimize`). Settings merge field by field: a
//! message sets the fields it names and leaves the others as they were, so an
//! empty or `null` settings object (Eglot sends `{}` right after `initialized`)
//! changes nothing; a field set to `null` goes back to its default.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde_json::Value;

/// What the user can set.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Settings {
    /// Parallel jobs (0: all cores).
    pub(crate) jobs: usize,
    /// Time limit of one check, in seconds; `None`: learned from the checks of the
    /// original (at most 60 s).
    pub(crate) timeout: Option<f64>,
    /// Extra rustc flags (a single file).
    pub(crate) rustc_flags: Vec<String>,
    /// Extra cargo arguments (a crate or a test).
    pub(crate) cargo_flags: Vec<String>,
    /// Extra environment for every check.
    pub(crate) env: BTreeMap<String, String>,
    /// The disk cache directory (default: the user's cache directory); `"off"`
    /// disables it.
    pub(crate) cache_dir: Option<String>,
    /// Which tool's crash the code actions minimize (`rustc`, `clippy`, `rustdoc`).
    pub(crate) tool: minimize_engine::predicate::Tool,
}

/// `v` as a `T`, or the field's default when it is `null`.
fn field<T: DeserializeOwned>(name: &str, v: &Value, default: T) -> Result<T, String> {
    if v.is_null() {
        return Ok(default);
    }
    serde_json::from_value(v.clone()).map_err(|e| format!("invalid settings: `{name}`: {e}"))
}

impl Settings {
    /// These settings with the fields `v` names replaced; `Err` with a message (and
    /// nothing changed) when one does not fit. Unknown fields are ignored (a client
    /// may send every server's settings in one object).
    pub(crate) fn merged(&self, v: &Value) -> Result<Settings, String> {
        let v = v
            .get("cargoMinimize")
            .or_else(|| v.get("cargo-minimize"))
            .unwrap_or(v);
        let map = match v {
            Value::Null => return Ok(self.clone()),
            Value::Object(m) => m,
            other => return Err(format!("invalid settings: expected an object, got {other}")),
        };
        let d = Settings::default();
        let mut s = self.clone();
        for (k, v) in map {
            match k.as_str() {
                "jobs" => s.jobs = field(k, v, d.jobs)?,
                "timeout" => {
                    s.timeout = field(k, v, d.timeout)?;
                    if s.timeout.is_some_and(|t| !(t > 0.0 && t.is_finite())) {
                        return Err(format!(
                            "invalid settings: `timeout`: {v} is not a positive number of seconds"
                        ));
                    }
                }
                "rustcFlags" => s.rustc_flags = field(k, v, Vec::new())?,
                "cargoFlags" => s.cargo_flags = field(k, v, Vec::new())?,
                "env" => s.env = field(k, v, BTreeMap::new())?,
                "cacheDir" => s.cache_dir = field(k, v, None)?,
                "tool" => s.tool = field(k, v, d.tool)?,
                _ => {}
            }
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::Settings;
    use serde_json::{json, Value};

    fn from(v: Value) -> Result<Settings, String> {
        Settings::default().merged(&v)
    }

    #[test]
    fn nested_flat_and_partial() {
        let s = from(json!({"cargoMinimize": {"jobs": 3, "env": {"A": "1"}}})).unwrap();
        assert_eq!(s.jobs, 3);
        assert_eq!(s.env["A"], "1");
        assert_eq!(s.timeout, None);
        let s = from(json!({"timeout": 5, "rustcFlags": ["-Zvalidate-mir"]})).unwrap();
        assert_eq!(s.timeout, Some(5.0));
        assert_eq!(s.rustc_flags, ["-Zvalidate-mir"]);
        assert_eq!(from(Value::Null).unwrap(), Settings::default());
        assert!(from(json!({"jobs": "many"})).is_err());
        assert!(from(json!({"timeout": -1})).is_err());
        assert!(from(json!([1])).is_err());
        let s = from(json!({"tool": "clippy"})).unwrap();
        assert_eq!(s.tool, minimize_engine::predicate::Tool::Clippy);
        assert!(from(json!({"tool": "miri"})).is_err());
    }

    #[test]
    fn empty_or_null_changes_nothing_and_fields_merge() {
        let init =
            from(json!({"jobs": 2, "cacheDir": "/c", "env": {"A": "1"}, "timeout": 9})).unwrap();
        for empty in [
            json!({}),
            Value::Null,
            json!({"cargoMinimize": {}}),
            json!({"cargoMinimize": null}),
            json!({"rust-analyzer": {"x": 1}}),
        ] {
            assert_eq!(init.merged(&empty).unwrap(), init, "{empty}");
        }
        let s = init.merged(&json!({"cargoMinimize": {"jobs": 1}})).unwrap();
        assert_eq!(
            (s.jobs, s.timeout, s.cache_dir.as_deref()),
            (1, Some(9.0), Some("/c"))
        );
        assert_eq!(s.env["A"], "1");
        // `null` resets one field; an error changes nothing.
        let s = init
            .merged(&json!({"cacheDir": null, "jobs": null}))
            .unwrap();
        assert_eq!((s.jobs, s.cache_dir), (0, None));
        assert!(init.merged(&json!({"jobs": 4, "env": 3})).is_err());
    }
}
