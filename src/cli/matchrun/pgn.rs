//! PGN output: one game a record, with the tags a GUI needs to replay it (Variant, FEN,
//! TimeControl, or WhiteTimeControl and BlackTimeControl under time odds, as cutechess writes
//! them), the moves in the protocol's coordinate notation, and how the game ended.

use std::io::Write;

use super::referee::Record;
use crate::cli::pgn_movetext::movetext;

/// The tags and moves of one game.
pub struct PgnGame<'a> {
    pub round: usize,
    pub white: &'a str,
    pub black: &'a str,
    pub variant: &'a str,
    /// White's time control and Black's.
    pub time_controls: [String; 2],
    pub record: &'a Record,
}

impl PgnGame<'_> {
    pub fn text(&self) -> String {
        let r = self.record;
        let mut out = String::new();
        let mut tag =
            |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
        tag("Event", "Alfil match");
        tag("Site", "alfil match");
        tag("Round", &self.round.to_string());
        tag("White", self.white);
        tag("Black", self.black);
        tag("Result", r.score.text());
        if self.variant != "normal" {
            tag("Variant", self.variant);
        }
        if let Some(fen) = &r.fen {
            tag("SetUp", "1");
            tag("FEN", fen);
        }
        let [white, black] = &self.time_controls;
        if white == black {
            tag("TimeControl", white);
        } else {
            tag("WhiteTimeControl", white);
            tag("BlackTimeControl", black);
        }
        tag("PlyCount", &r.moves.len().to_string());
        tag("Termination", &r.reason);
        out.push('\n');
        let closing = [format!("{{{}}}", r.reason), r.score.text().to_string()];
        out.push_str(&movetext(r.fen.as_deref(), &r.moves, &closing));
        out.push('\n');
        out
    }

    /// Append to the PGN file.
    pub fn append(&self, path: &str) -> Result<(), String> {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{path}: {e}"))?;
        f.write_all(self.text().as_bytes())
            .map_err(|e| format!("{path}: {e}"))
    }
}
