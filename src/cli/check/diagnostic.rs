//! One finding of `alfil check`: its severity, a short code naming its kind, and where it is
//! (file, line, column, the line's text), printed as `FILE:LINE:COL: warning[CODE]: message`
//! with the line and a caret under it, or as a JSON object for tools.

use serde::Serialize;

use crate::variant::LoadError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// A located finding.
#[derive(Clone, Debug, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The kind of finding (`unreachable-piece`, `load`, …), stable for tools.
    pub code: &'static str,
    pub file: String,
    /// 1-based; 0 when the finding has no place in the file.
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// The line's text with a caret under the column.
    #[serde(skip)]
    excerpt: String,
}

impl Diagnostic {
    /// A finding at the place (and with the message) `at` gives.
    pub fn new(severity: Severity, code: &'static str, at: LoadError) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            excerpt: at.excerpt(),
            file: at.file,
            line: at.line,
            column: at.column,
            message: at.message,
        }
    }

    /// The same finding with its excerpt taken from `text` (the file as written, when the
    /// finding was made on a repaired copy of it).
    pub fn shown_in(mut self, text: &str) -> Diagnostic {
        if self.line > 0 {
            let at = LoadError {
                file: self.file.clone(),
                line: self.line,
                column: self.column,
                message: String::new(),
                line_text: text.lines().nth(self.line - 1).unwrap_or("").to_string(),
            };
            self.excerpt = at.excerpt();
        }
        self
    }

    pub fn error(code: &'static str, at: LoadError) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, at)
    }

    pub fn warning(code: &'static str, at: LoadError) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, at)
    }

    /// The human form: the header line, then (when located) the file's line and a caret.
    pub fn to_text(&self) -> String {
        let kind = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        if self.line == 0 {
            return format!("{}: {kind}[{}]: {}", self.file, self.code, self.message);
        }
        format!(
            "{}:{}:{}: {kind}[{}]: {}\n{}",
            self.file, self.line, self.column, self.code, self.message, self.excerpt
        )
    }
}
