//! Searching and moving: starting the search the mode calls for (think, ponder, analyze),
//! printing thinking output, playing the move with a draw offer or resignation as the options
//! say, and claiming every game end by rule with `RESULT {reason}`.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::game::EndCause;
use crate::movegen::Move;
use crate::position::ruleset::Ruleset;
use crate::protocol::referee::{
    accepted_moves, readable_moves, referee_view, sees_mate, untold_rules, Accepted,
};
use crate::protocol::writer::nodes_per_second;
use crate::protocol::xboard_unreadable;
use crate::search::{time, EvalNote, Info, Limits, Outcome};
use std::sync::Arc;

use super::claims::{self, Claim, Referee};
use super::moves;
use super::output::thinking_line;
use super::state::{Activity, Mode, Running, PLAY_REFUSED};
use super::Engine;

/// Own moves in a row beyond the resign threshold before resigning.
const RESIGN_AFTER: u32 = 2;
/// Own moves in a row within the draw threshold before offering a draw.
const OFFER_AFTER: u32 = 8;
/// Plies before the engine offers draws of its own.
const OFFER_FROM_PLY: usize = 60;

impl Engine {
    /// Whether a search for a move to play is running.
    pub(super) fn thinking(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.activity == Activity::Think)
    }

    /// Stop the current search and ignore its result.
    pub(super) fn abandon(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// If the engine is pondering on exactly `mv`, turn that search into the search for its
    /// own move: it keeps what it has found and now stops at the move's share of the clock.
    pub(super) fn ponder_hit(&mut self, mv: Move) -> bool {
        let pondering = self
            .running
            .as_ref()
            .is_some_and(|r| r.activity == Activity::Ponder);
        if !pondering {
            return false;
        }
        let mut after = self.game.clone();
        after.play(mv);
        let (limits, hard) = self.clocks.limits(&after, self.settings.move_overhead);
        let Some(r) = self.running.as_mut() else {
            return false;
        };
        let same = r.game.pos.hash() == after.pos.hash();
        if !same || limits.depth.is_some() || limits.nps.is_some() {
            return false;
        }
        let share = match (&limits.clock, limits.move_time) {
            (_, Some(t)) => time::fixed(t, limits.move_overhead).soft,
            (Some(clock), None) => time::allocate(clock, limits.move_overhead).soft,
            (None, None) => return false,
        };
        let share = hard.map_or(share, |h| share.min(h));
        r.activity = Activity::Think;
        r.started = Instant::now();
        r.deadline = Some(Instant::now() + share);
        true
    }

    /// `?`: play the best move found so far.
    pub(super) fn move_now(&mut self) {
        if let Some(r) = self
            .running
            .as_ref()
            .filter(|r| r.activity == Activity::Think)
        {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// `.`: the analysis status line.
    pub(super) fn status(&mut self) {
        let Some(r) = self
            .running
            .as_ref()
            .filter(|r| r.activity == Activity::Analyze)
        else {
            return;
        };
        let elapsed = r.started.elapsed();
        let total = r.game.clone().legal_moves().len();
        let (nodes, depth, current) = match &self.last_info {
            Some(i) => (
                i.nodes,
                i.depth,
                i.pv.first().map(|&m| moves::text(&r.game, m)),
            ),
            None => (0, 0, None),
        };
        let mut line = format!(
            "stat01: {} {} {} 0 {}",
            elapsed.as_millis() / 10,
            nodes,
            depth,
            total
        );
        if let Some(m) = current {
            line.push(' ');
            line.push_str(&m);
        }
        self.out.line(&line);
    }

    pub(super) fn on_deadline(&mut self) {
        if let Some(r) = &self.running {
            if r.deadline.is_some_and(|d| Instant::now() >= d) {
                r.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Start the search the mode calls for, if none runs.
    pub(super) fn kick(&mut self) {
        if self.running.is_some() || self.paused || self.edit.is_some() || self.quit {
            return;
        }
        let side = self.game.pos.side();
        match self.mode {
            Mode::Force => {}
            Mode::Analyze => {
                if !self.analysed && !self.game.legal_moves().is_empty() {
                    self.start(Activity::Analyze);
                }
            }
            Mode::Play(c) if c == side => {
                if self.game.legal_moves().is_empty() {
                    self.claim_end();
                    self.mode = Mode::Force;
                } else if !self.waiting_for_user() {
                    self.start(Activity::Think);
                }
            }
            Mode::Play(_) => {
                if self.settings.ponder && self.outlook.expected.is_some() {
                    self.start(Activity::Ponder);
                }
            }
        }
    }

    fn start(&mut self, activity: Activity) {
        let mut game = self.game.clone();
        let mut limits = Limits {
            infinite: true,
            multi_pv: 1,
            ..Limits::default()
        };
        let mut deadline = None;
        match activity {
            Activity::Think => {
                let (l, hard) = self.clocks.limits(&game, self.settings.move_overhead);
                limits = l;
                deadline = hard.map(|d| Instant::now() + d);
                if let Some(view) = self.referee_view() {
                    self.tell_untold_rules();
                    let accepted = if self.settings.play_refused {
                        readable_moves(&mut game)
                    } else {
                        accepted_moves(&mut game, &view)
                    };
                    match accepted {
                        Accepted::All => {}
                        Accepted::Only(accepted) => {
                            self.debug(&format!(
                                "{} legal moves XBoard would refuse are not played",
                                game.legal_moves().len() - accepted.len()
                            ));
                            limits.only = accepted;
                        }
                        Accepted::None => {
                            self.refused_at = Some(game.pos.hash());
                            self.tell_all_refused(&mut game);
                            return;
                        }
                    }
                }
            }
            Activity::Ponder => {
                let Some(mv) = self.outlook.expected.take() else {
                    return;
                };
                if !game.legal_moves().contains(&mv) {
                    return;
                }
                self.out.line(&format!("Hint: {}", moves::text(&game, mv)));
                game.play(mv);
                if game.result().is_some() {
                    return;
                }
            }
            Activity::Analyze => {
                limits.multi_pv = self.settings.multi_pv;
                limits.exclude = self.excluded.clone();
                self.analysed = true;
            }
        }
        let ticket = self.worker.search(game.clone(), limits);
        self.last_info = None;
        self.running = Some(Running {
            id: ticket.id,
            activity,
            stop: ticket.stop,
            started: Instant::now(),
            deadline,
            game,
        });
    }

    /// Tell the user, once per variant, which rules XBoard cannot be told, that Alfil leaves
    /// out the legal moves XBoard would refuse for them, and how to get the full game.
    fn tell_untold_rules(&mut self) {
        if self.told_untold.contains(&self.variant) {
            return;
        }
        self.told_untold.push(self.variant.clone());
        let v = &self.game.tables().variant;
        let unreadable = xboard_unreadable::words(v);
        let (never, rest) = if unreadable.is_empty() {
            (String::new(), "For the full game")
        } else {
            (
                format!(
                    " XBoard 4.9.1 cannot read {} at all, not even with its legality testing \
                     off: Alfil never plays such a move under XBoard, so the full game cannot \
                     be played in it.",
                    unreadable.join(", nor ")
                ),
                "For the other moves",
            )
        };
        let untold = untold_rules(v);
        let untold = if untold.is_empty() {
            unreadable.join(", ")
        } else {
            untold.join(", ")
        };
        self.out.line(&format!(
            "tellusererror Alfil: XBoard cannot be told all of {}'s rules ({untold}). With its \
             legality testing on it takes some legal moves for illegal ones, and Alfil does not \
             play them.{never} {rest}, turn XBoard's legality testing off (Options menu, or \
             -testLegality false) and Alfil's option \"{PLAY_REFUSED}\" on (Engine Settings, \
             or -firstOptions \"{PLAY_REFUSED}=1\").",
            v.name,
        ));
    }

    /// Whether the engine waits in a position whose every legal move XBoard would refuse, the
    /// user told, until `Play moves XBoard refuses` is turned on (or the position changes).
    fn waiting_for_user(&self) -> bool {
        !self.settings.play_refused && self.refused_at == Some(self.game.pos.hash())
    }

    /// Tell the user that XBoard would refuse every legal move of the side to move, and how to
    /// go on. The rules have not ended the game, so no result is claimed: the CECP spec keeps
    /// `RESULT {comment}` for games "definitely over because of what happened on the board",
    /// and a move XBoard refuses forfeits the game (Two Machines mode) or is dropped with an
    /// error, leaving XBoard waiting for another. The engine waits instead; the user can turn
    /// legality testing off and the option on (XBoard sends the option at once, and the engine
    /// then plays), or end the game unfinished (Action > Abort).
    fn tell_all_refused(&mut self, game: &mut crate::game::Game) {
        const LISTED: usize = 8;
        let legal = game.legal_moves();
        // Moves that differ only in what the text does not say (a promotion that a contagious
        // capture overrides) are listed once.
        let mut texts: Vec<String> = Vec::new();
        for &m in &legal {
            let text = moves::text(game, m);
            if !texts.contains(&text) {
                texts.push(text);
            }
        }
        let more = texts.len().saturating_sub(LISTED);
        let mut listed: Vec<String> = texts.into_iter().take(LISTED).collect();
        if more > 0 {
            listed.push(format!("and {more} more"));
        }
        self.debug("XBoard would refuse every legal move");
        let unreadable = legal
            .iter()
            .all(|&m| xboard_unreadable::unreadable(&game.pos, m));
        if self.settings.play_refused || unreadable {
            self.out.line(&format!(
                "tellusererror Alfil: XBoard 4.9.1 cannot read any legal move {} has here ({}), \
                 and no rule has ended the game. Alfil waits rather than give a result the \
                 rules did not. End the game unfinished (Action > Abort).",
                game.pos.side().name(),
                listed.join(" "),
            ));
            return;
        }
        self.out.line(&format!(
            "tellusererror Alfil: XBoard would refuse every legal move {} has here ({}), for \
             want of {}'s rules it cannot be told, and no rule has ended the game. Alfil waits \
             rather than give a result the rules did not. To play on, turn XBoard's legality \
             testing off (Options menu, or -testLegality false), then Alfil's option \
             \"{PLAY_REFUSED}\" on (Engine Settings): Alfil then moves. Or end the game \
             unfinished (Action > Abort).",
            game.pos.side().name(),
            listed.join(" "),
            game.tables().variant.name,
        ));
    }

    /// The variant as XBoard's legality test knows it, where that differs from its rules.
    fn referee_view(&mut self) -> Option<Arc<Ruleset>> {
        let tables = self.game.tables();
        if !self
            .referee
            .as_ref()
            .is_some_and(|(built_for, _)| Arc::ptr_eq(built_for, tables))
        {
            self.referee = Some((tables.clone(), referee_view(tables)));
        }
        self.referee.as_ref().and_then(|(_, view)| view.clone())
    }

    /// Tell the user about the evaluation: a network that cannot be used in a dialog
    /// (`telluser`), which network plays as a comment in debug mode.
    pub(super) fn on_note(&mut self, note: &EvalNote) {
        let text = crate::protocol::wire::echo_long(&note.text);
        if note.problem {
            self.out.line(&format!("telluser Alfil: {text}"));
        } else if self.settings.debug {
            self.out.line(&format!("# {text}"));
        }
    }

    pub(super) fn on_info(&mut self, id: u64, info: Info) {
        let Some(r) = self.running.as_ref().filter(|r| r.id == id) else {
            return;
        };
        if self.settings.post || r.activity == Activity::Analyze {
            let pv = moves::pv_text(&r.game, &info.pv);
            self.out.line(&thinking_line(&info, &pv));
        }
        self.last_info = Some(info);
    }

    pub(super) fn on_done(&mut self, id: u64, outcome: Outcome) {
        if self.running.as_ref().is_none_or(|r| r.id != id) {
            return;
        }
        let Some(r) = self.running.take() else { return };
        if r.activity == Activity::Think {
            self.play_outcome(outcome, r.started.elapsed());
        }
    }

    /// Play the move a finished search chose (or resign, offer a draw, claim the end).
    fn play_outcome(&mut self, outcome: Outcome, elapsed: Duration) {
        let Some(mv) = outcome.best.filter(|m| self.game.legal_moves().contains(m)) else {
            self.claim_end();
            self.mode = Mode::Force;
            return;
        };
        self.debug(&format!(
            "{} nodes in {} ms ({} nps)",
            outcome.nodes,
            elapsed.as_millis(),
            nodes_per_second(outcome.nodes, elapsed)
        ));
        let score = outcome.score;
        let o = &mut self.outlook;
        o.losing_moves = if score <= -self.settings.resign_threshold {
            o.losing_moves + 1
        } else {
            0
        };
        o.drawn_moves = if score.abs() <= self.settings.draw_threshold {
            o.drawn_moves + 1
        } else {
            0
        };
        if self.settings.resign && o.losing_moves >= RESIGN_AFTER {
            self.out.line("resign");
            self.mode = Mode::Force;
            return;
        }
        let accept = o.draw_offered && score <= self.settings.draw_threshold;
        let propose = o.drawn_moves >= OFFER_AFTER && self.game.moves().len() >= OFFER_FROM_PLY;
        if self.settings.draw_offers && (accept || propose) {
            self.out.line("offer draw");
        }
        o.draw_offered = false;
        for leg in moves::legs(&self.game, mv) {
            self.out.line(&format!("move {leg}"));
        }
        self.game.play(mv);
        self.position_changed();
        self.outlook.expected = outcome.ponder;
        self.claim_end();
    }

    /// Send `line`, a claim of the game's end or a draw offer for it, once for this position,
    /// and stop playing: the engine waits in force mode for the GUI's `result`.
    fn send_claim(&mut self, line: &str) {
        self.out.line(line);
        self.claimed_at = Some(self.game.moves().len());
        if let Mode::Play(_) = self.mode {
            self.mode = Mode::Force;
        }
    }

    /// Report the end of the game by rule, once per position, as [`claims`] says XBoard accepts
    /// it: `RESULT {reason}`, a draw offer, or nothing yet; stop playing.
    pub(super) fn claim_end(&mut self) {
        let Some(end) = self.game.result() else {
            return;
        };
        let ply = self.game.moves().len();
        if self.claimed_at == Some(ply) {
            return;
        }
        let claim = match self.mode {
            Mode::Play(ours) => {
                let sees_mate = end.cause != EndCause::Checkmate
                    || self
                        .referee_view()
                        .is_none_or(|view| sees_mate(&self.game, &view));
                let variant = &self.game.tables().variant;
                let referee = Referee {
                    holdings: variant.holdings > 0,
                    move_rule: variant.rules.move_rule,
                    sees_mate,
                    tests_claims: self.computer,
                };
                claims::claim(&end, ours, ours == self.game.pos.side(), referee)
            }
            Mode::Force | Mode::Analyze => Claim::Result,
        };
        let line = match claim {
            Claim::Result => end.cecp(),
            Claim::OfferDraw => "offer draw".to_string(),
            Claim::Wait => return,
        };
        self.send_claim(&line);
    }
}
