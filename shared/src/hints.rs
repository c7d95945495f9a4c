//! What a compiler says about a case that passes can use: the items an ICE points
//! at ([`Focus`]) and the code it warns is unused ([`Unused`]). Plain data, filled
//! by the predicates and read by the passes.

/// Names and places the original's failure points at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Focus {
    /// Item names (last path segments: `call`, `squared`).
    pub names: Vec<String>,
    /// `(file as printed, line)`: absolute, or relative to the crate root.
    pub places: Vec<(String, usize)>,
    /// Places of warnings (about code in use): weaker hints, for when the names
    /// and places match nothing.
    pub weak_places: Vec<(String, usize)>,
}

impl Focus {
    /// `true` when there is nothing to go by.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.places.is_empty() && self.weak_places.is_empty()
    }

    pub(crate) fn add_name(&mut self, name: &str) {
        if !name.is_empty() && !self.names.iter().any(|n| n == name) {
            self.names.push(name.to_string());
        }
    }

    pub(crate) fn add_place(&mut self, file: &str, line: usize, weak: bool) {
        let p = (file.to_string(), line);
        let places = if weak {
            &mut self.weak_places
        } else {
            &mut self.places
        };
        if !places.contains(&p) {
            places.push(p);
        }
    }
}

/// A compiler warning that some code is unused: the primary span of a `dead_code` or
/// `unused_*` diagnostic, as a byte range of one file of the case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unused {
    /// Index of the file in the case.
    pub seq: usize,
    /// Start of the span (bytes).
    pub start: usize,
    /// End of the span (bytes).
    pub end: usize,
    /// The lint (`dead_code`, `unused_imports`, ...).
    pub lint: String,
}
