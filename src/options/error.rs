//! The one error of every option parameter: which parameter, the value given, and what it accepts.

use std::borrow::Cow;
use std::fmt;

/// An option value that cannot be used: which parameter, the value given, and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The query parameter name (`size`, `flip`, …).
    pub parameter: &'static str,
    /// The value given (shortened to 32 characters).
    pub value: String,
    /// What the parameter accepts (and, for text, which character it could not draw).
    pub expected: Cow<'static, str>,
}

impl OptionError {
    /// The error for `value` of `parameter` (the value shortened to 32 characters).
    pub fn new(parameter: &'static str, value: &str, expected: impl Into<Cow<'static, str>>) -> OptionError {
        OptionError { parameter, value: value.chars().take(32).collect(), expected: expected.into() }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad value {:?} for `{}`: expected {}", self.value, self.parameter, self.expected)
    }
}

impl std::error::Error for OptionError {}
