//! A piece image's SVG file read before the page ever draws it: well-formed XML (every element
//! closed in order, attributes quoted), one `<svg>` root with a `viewBox` the page scales by,
//! and nothing that runs (no `<script>`, `<foreignObject>`, `on…` handler or outside link).
//! A fault is given with its line and column in the SVG file.

/// What is wrong with an SVG text, and where.
#[derive(Debug, PartialEq, Eq)]
pub struct SvgFault {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn fault(&self, at: usize, message: impl Into<String>) -> SvgFault {
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        SvgFault {
            line,
            column,
            message: message.into(),
        }
    }

    /// Moves past `end`, or fails with `what` at the construct's start.
    fn skip_past(&mut self, end: &str, start: usize, what: &str) -> Result<(), SvgFault> {
        match self.rest().find(end) {
            Some(i) => {
                self.at += i + end.len();
                Ok(())
            }
            None => Err(self.fault(start, format!("{what} is never closed (no `{end}`)"))),
        }
    }

    fn name(&mut self) -> &str {
        let start = self.at;
        let len = self
            .rest()
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, ':' | '-' | '_' | '.')))
            .unwrap_or(self.rest().len());
        self.at += len;
        &self.text[start..self.at]
    }

    fn skip_space(&mut self) {
        let len = self.rest().len() - self.rest().trim_start().len();
        self.at += len;
    }
}

/// An element that was opened: its name and where.
struct Open<'a> {
    name: &'a str,
    at: usize,
}

/// Whether `name="value"` could run something or fetch from outside the file.
fn unsafe_attribute(name: &str, value: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let link = lower == "href" || lower.ends_with(":href");
    lower.starts_with("on") || (link && !value.trim_start().starts_with('#'))
}

/// Reads one start tag after its `<`; gives its name and whether it closes itself.
fn start_tag<'a>(r: &mut Reader<'a>, start: usize) -> Result<(&'a str, bool, bool), SvgFault> {
    let text = r.text;
    let name_at = r.at;
    let name = r.name();
    let name: &'a str = &text[name_at..name_at + name.len()];
    if name.is_empty() {
        return Err(r.fault(start, "`<` starts no element name"));
    }
    if matches!(
        name.to_ascii_lowercase().as_str(),
        "script" | "foreignobject"
    ) {
        return Err(r.fault(start, format!("`<{name}>` is not allowed in a piece image")));
    }
    let mut view_box = false;
    loop {
        r.skip_space();
        if r.rest().starts_with("/>") {
            r.at += 2;
            return Ok((name, true, view_box));
        }
        if r.rest().starts_with('>') {
            r.at += 1;
            return Ok((name, false, view_box));
        }
        let attr_at = r.at;
        let attr = r.name().to_string();
        if attr.is_empty() {
            return match r.rest().chars().next() {
                None => Err(r.fault(start, format!("`<{name}` is never closed (no `>`)"))),
                Some(c) => Err(r.fault(attr_at, format!("unexpected `{c}` in `<{name}>`"))),
            };
        }
        r.skip_space();
        if !r.rest().starts_with('=') {
            return Err(r.fault(attr_at, format!("attribute `{attr}` has no `=\"value\"`")));
        }
        r.at += 1;
        r.skip_space();
        let Some(quote) = r.rest().chars().next().filter(|c| matches!(c, '"' | '\'')) else {
            return Err(r.fault(r.at, format!("the value of `{attr}` is not quoted")));
        };
        r.at += 1;
        let Some(len) = r.rest().find(quote) else {
            return Err(r.fault(attr_at, format!("the value of `{attr}` is never closed")));
        };
        let value = &r.rest()[..len];
        if unsafe_attribute(&attr, value) {
            return Err(r.fault(
                attr_at,
                format!("attribute `{attr}` is not allowed in a piece image (it runs a script or links outside the file)"),
            ));
        }
        view_box |= attr == "viewBox";
        r.at += len + 1;
    }
}

/// Checks that `text` is an SVG image the page may draw.
pub fn check(text: &str) -> Result<(), SvgFault> {
    let mut r = Reader { text, at: 0 };
    let mut open: Vec<Open<'_>> = Vec::new();
    let mut root_seen = false;
    while r.at < text.len() {
        let Some(lt) = r.rest().find('<') else {
            if !open.is_empty() || r.rest().trim().is_empty() {
                break;
            }
            return Err(r.fault(r.at, "text outside the `<svg>` element"));
        };
        if open.is_empty() && !r.rest()[..lt].trim().is_empty() {
            let at = r.at + r.rest().len() - r.rest().trim_start().len();
            return Err(r.fault(at, "text outside the `<svg>` element"));
        }
        let start = r.at + lt;
        r.at = start + 1;
        if r.rest().starts_with("!--") {
            r.skip_past("-->", start, "a comment")?;
        } else if r.rest().starts_with("![CDATA[") {
            r.skip_past("]]>", start, "a CDATA section")?;
        } else if r.rest().starts_with('?') {
            r.skip_past("?>", start, "`<?`")?;
        } else if r.rest().starts_with('!') {
            if !open.is_empty() || root_seen {
                return Err(r.fault(start, "a declaration inside the image"));
            }
            r.skip_past(">", start, "`<!`")?;
        } else if r.rest().starts_with('/') {
            r.at += 1;
            let name = r.name().to_string();
            r.skip_space();
            if !r.rest().starts_with('>') {
                return Err(r.fault(start, format!("`</{name}` is never closed (no `>`)")));
            }
            r.at += 1;
            match open.pop() {
                Some(o) if o.name == name => {}
                Some(o) => {
                    let opened = r.fault(o.at, "");
                    return Err(r.fault(
                        start,
                        format!(
                            "`</{name}>` closes `<{}>` (opened at line {}, column {})",
                            o.name, opened.line, opened.column
                        ),
                    ));
                }
                None => return Err(r.fault(start, format!("`</{name}>` closes nothing"))),
            }
        } else {
            if open.is_empty() && root_seen {
                return Err(r.fault(start, "a second element after the `<svg>` root"));
            }
            let (name, closed, view_box) = start_tag(&mut r, start)?;
            if open.is_empty() {
                if name != "svg" {
                    return Err(r.fault(
                        start,
                        format!("the root element is `<{name}>`, not `<svg>`"),
                    ));
                }
                if !view_box {
                    return Err(r.fault(
                        start,
                        "the `<svg>` root has no `viewBox` (e.g. `viewBox=\"0 0 100 100\"`), by which the page scales it",
                    ));
                }
                root_seen = true;
            }
            if !closed {
                open.push(Open { name, at: start });
            }
        }
    }
    if let Some(o) = open.last() {
        return Err(r.fault(o.at, format!("`<{}>` is never closed", o.name)));
    }
    if !root_seen {
        return Err(r.fault(0, "no `<svg>` element"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(text: &str) -> (usize, usize, String) {
        let f = check(text).expect_err("a fault");
        (f.line, f.column, f.message)
    }

    #[test]
    fn a_well_formed_image_passes() {
        let svg = "<?xml version=\"1.0\"?>\n<!-- mine -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n  <g fill='red'><circle cx=\"5\" cy=\"5\" r=\"4\"/></g>\n  <use href=\"#a\"/>\n</svg>\n";
        assert_eq!(check(svg), Ok(()));
    }

    #[test]
    fn faults_are_named_with_their_place() {
        let (line, column, message) =
            fault("<svg viewBox=\"0 0 1 1\">\n  <g>\n  <path d=\"M0 0\"/>\n</svg>");
        assert_eq!((line, column), (4, 1));
        assert!(
            message.contains("`</svg>` closes `<g>` (opened at line 2, column 3)"),
            "{message}"
        );
        let unquoted = "<svg viewBox=\"0 0 1 1\"><circle r=4/></svg>";
        let (line, column, message) = fault(unquoted);
        // At the value: the `4`.
        assert_eq!((line, column), (1, unquoted.find("4/").unwrap() + 1));
        assert!(message.contains("not quoted"), "{message}");
        assert!(fault("<svg><circle/></svg>").2.contains("no `viewBox`"));
        assert!(fault("<html viewBox=\"0 0 1 1\"/>")
            .2
            .contains("root element is `<html>`"));
        assert!(fault("").2.contains("no `<svg>` element"));
        assert!(fault("<svg viewBox=\"0 0 1 1\"><g>")
            .2
            .contains("`<g>` is never closed"));
        assert!(fault("<svg viewBox=\"0 0 1 1\"><script>x</script></svg>")
            .2
            .contains("`<script>` is not allowed"));
        assert!(fault("<svg viewBox=\"0 0 1 1\" onload=\"x()\"></svg>")
            .2
            .contains("`onload` is not allowed"));
        assert!(
            fault("<svg viewBox=\"0 0 1 1\"><image href=\"http://x/y.png\"/></svg>")
                .2
                .contains("`href` is not allowed")
        );
        assert!(fault("hello <svg viewBox=\"0 0 1 1\"/>")
            .2
            .contains("text outside"));
    }
}
