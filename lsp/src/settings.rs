//! Server settings, from `initializationOptions` and
//! `workspace/didChangeConfiguration` (either the settings object itself or nested
//! under `cargoMinimize` / `cargo-minimize`).

use std::collections::BTreeMap;

use serde::Deserialize;

/// What the user can set.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub(crate) struct Settings {
    /// Parallel jobs (0: all cores).
    pub(crate) jobs: usize,
    /// Time limit of one check, in seconds.
    pub(crate) timeout: f64,
    /// Extra rustc flags (a single file).
    pub(crate) rustc_flags: Vec<String>,
    /// Extra cargo arguments (a crate or a test).
    pub(crate) cargo_flags: Vec<String>,
    /// Extra environment for every check.
    pub(crate) env: BTreeMap<String, String>,
    /// The disk cache directory (default: the user's cache directory); `"off"`
    /// disables it.
    pub(crate) cache_dir: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            jobs: 0,
            timeout: 60.0,
            rustc_flags: Vec::new(),
            cargo_flags: Vec::new(),
            env: BTreeMap::new(),
            cache_dir: None,
        }
    }
}

impl Settings {
    /// Reads settings from a client value; `Err` with a message when it does not fit.
    pub(crate) fn from_value(v: &serde_json::Value) -> Result<Settings, String> {
        let v = v
            .get("cargoMinimize")
            .or_else(|| v.get("cargo-minimize"))
            .unwrap_or(v);
        if v.is_null() {
            return Ok(Settings::default());
        }
        serde_json::from_value(v.clone()).map_err(|e| format!("invalid settings: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::Settings;
    use serde_json::json;

    #[test]
    fn nested_flat_and_partial() {
        let s = Settings::from_value(&json!({"cargoMinimize": {"jobs": 3, "env": {"A": "1"}}}))
            .unwrap();
        assert_eq!(s.jobs, 3);
        assert_eq!(s.env["A"], "1");
        assert_eq!(s.timeout, 60.0);
        let s =
            Settings::from_value(&json!({"timeout": 5, "rustcFlags": ["-Zvalidate-mir"]})).unwrap();
        assert_eq!(s.timeout, 5.0);
        assert_eq!(s.rustc_flags, ["-Zvalidate-mir"]);
        assert_eq!(
            Settings::from_value(&serde_json::Value::Null).unwrap(),
            Settings::default()
        );
        assert!(Settings::from_value(&json!({"jobs": "many"})).is_err());
    }
}
