//! From an inheritance chain of parsed files to a checked `Variant`: merge the files (each value
//! remembers the file and path it came from), then check and resolve every value, reporting
//! problems at the place the offending value was written; or flatten the chain into one file.

use super::fen::{check_start, Expect};
use super::images::{derive, Wanted};
use super::locate::Seg::{self, Index, Key};
use super::piece_to_char::{self, SlotContent};
use super::region::{file_index, parse_region};
use super::schema::{
    Board, CastlingDef, HandDef, MaterialCountDef, PieceDef, PromotionDef, RulesDef, VariantFile,
};
use super::source::Source;
use super::{
    Blast, Castling, Extinction, Flag, GameValue, Hand, InPlace, LionTrading, LoadError,
    MaterialCount, PerftCase, PieceType, Promotion, Rules, SquareSet, Variant, ZoneMoves,
};
use crate::betza::{self, Xbetza};
use crate::types::{ByColour, Colour, PieceId};

/// A merged value and where it was written.
struct At<T> {
    value: T,
    src: usize,
    path: Vec<Seg>,
}

/// The chain's values after inheritance.
#[derive(Default)]
struct Merged {
    board: Option<At<Board>>,
    holdings: Option<At<u8>>,
    piece_to_char: Option<At<String>>,
    parent: Option<At<String>>,
    start: Option<At<String>>,
    chess960: Option<At<bool>>,
    pieces: Option<Vec<At<PieceDef>>>,
    castling: Option<At<Option<CastlingDef>>>,
    rules: RulesDef,
    hand: HandDef,
}

/// Builds the variant described by `chain` (root ancestor first, the loaded file last). An error
/// found in an inherited file says which file was being loaded.
pub fn assemble(chain: &[Source]) -> Result<Variant, LoadError> {
    let Some(leaf) = chain.last() else {
        return Err(LoadError::without_position(
            "<none>",
            "no variant file given",
        ));
    };
    build(chain, leaf).map_err(|mut e| {
        if e.file != leaf.label {
            e.message = format!("{} (inherited by {})", e.message, leaf.label);
        }
        e
    })
}

/// The chain as one file without `inherits`: every value the chain sets, as the last file to
/// set it wrote it, under the leaf's `name` and `aliases`. It loads to the same variant.
pub fn flatten(chain: &[Source]) -> Result<VariantFile, LoadError> {
    let m = merge(chain)?;
    let leaf = chain.last().map(|s| &s.file);
    Ok(VariantFile {
        name: leaf.and_then(|f| f.name.clone()),
        aliases: leaf.and_then(|f| f.aliases.clone()),
        inherits: None,
        board: m.board.map(|a| a.value),
        holdings: m.holdings.map(|a| a.value),
        piece_to_char: m.piece_to_char.map(|a| a.value),
        parent: m.parent.map(|a| a.value),
        start: m.start.map(|a| a.value),
        chess960: m.chess960.map(|a| a.value),
        pieces: m.pieces.map(|p| p.into_iter().map(|a| a.value).collect()),
        remove_pieces: None,
        castling: m.castling.map(|a| a.value),
        rules: Some(m.rules),
        hand: Some(m.hand),
        tests: leaf.and_then(|f| f.tests.clone()),
    })
}

fn build(chain: &[Source], leaf: &Source) -> Result<Variant, LoadError> {
    let merged = merge(chain)?;
    let missing = |field: &str| {
        leaf.error_at(
            &[],
            format!("missing `{field}` (set neither here nor in an inherited file)"),
        )
    };
    let name = leaf.file.name.clone().ok_or_else(|| missing("name"))?;
    check_name(leaf, &name)?;
    let board = merged.board.as_ref().ok_or_else(|| missing("board"))?;
    let (files, ranks) = board_size(&chain[board.src], board)?;
    let defs = merged.pieces.as_deref().unwrap_or_default();
    if defs.is_empty() {
        return Err(missing("pieces"));
    }
    let wanted: Vec<Wanted<'_>> = defs
        .iter()
        .map(|d| &d.value)
        .filter(|d| d.promoted_of.is_none())
        .map(|d| Wanted {
            id: d.letter,
            moves: &d.moves,
            royal: d.royal == Some(true),
            promotes: d.promotion.is_some(),
        })
        .collect();
    let leaf_index = chain.len() - 1;
    let derived = |from: Option<&At<String>>| At {
        value: derive(from.map(|p| p.value.as_str()), &wanted),
        src: leaf_index,
        path: vec![Key("piece_to_char")],
    };
    // Left out: derived; inherited without the leaf's new pieces: completed.
    let p2c = match merged.piece_to_char.as_ref() {
        None => &derived(None),
        Some(p) if p.src != leaf_index && p2c_lacks(&p.value, &wanted) => &derived(Some(p)),
        Some(p) => p,
    };
    check_piece_to_char(&chain[p2c.src], p2c)?;
    let proposal = derive(Some(&p2c.value), &wanted);
    let start = merged.start.as_ref().ok_or_else(|| missing("start"))?;
    let letters: Vec<PieceId> = defs.iter().map(|d| d.value.letter).collect();
    let dims = Dims { files, ranks };
    let mut pieces = Vec::with_capacity(defs.len());
    for def in defs {
        pieces.push(piece(chain, def, (p2c, &proposal), &letters, dims)?);
    }
    let castling = match &merged.castling {
        Some(At {
            value: Some(c),
            src,
            path,
        }) => Some(castling(&chain[*src], path, c, &letters, dims)?),
        _ => None,
    };
    let expect = Expect {
        files,
        ranks,
        letters: &letters,
        castling: castling.is_some() || merged.rules.initial_rights_in_fen == Some(true),
    };
    check_start(&start.value, &expect)
        .map_err(|e| chain[start.src].error_in(&start.path, e.position, e.message))?;
    let rules = consistent_rules(
        leaf,
        rules(leaf, &merged.rules, &letters, dims)?,
        &pieces,
        castling.is_some(),
        dims,
    )?;
    let board_field = start.value.split(['[', ' ']).next().unwrap_or_default();
    if rules.wall_instead_of_move.is_some() && !board_field.chars().any(|c| c.is_ascii_digit()) {
        return Err(leaf.error_at(
            &[Key("rules"), Key("wall_instead_of_move")],
            "walls go on empty squares, and the start position has none",
        ));
    }
    Ok(Variant {
        name,
        aliases: leaf.file.aliases.clone().unwrap_or_default(),
        files,
        ranks,
        holdings: merged.holdings.map_or(0, |h| h.value),
        piece_to_char: p2c.value.clone(),
        parent: merged
            .parent
            .map_or_else(|| "fairy".to_string(), |p| p.value),
        start_fen: start.value.clone(),
        pieces,
        castling,
        chess960: merged.chess960.is_some_and(|c| c.value),
        rules,
        hand: hand_rules(leaf, &merged.hand, &letters)?,
        source: leaf.label.clone(),
        kin: Vec::new(),
        start_fen_origin: fen_field_starts(&start.value)
            .map(|index| {
                let at = chain[start.src].error_in(&start.path, index, String::new());
                (index, at)
            })
            .collect(),
        tests: perft_cases(leaf)?,
    })
}

/// The leaf file's own perft cases; a depth of 0 is refused where it is written.
fn perft_cases(leaf: &Source) -> Result<Vec<PerftCase>, LoadError> {
    let defs = leaf.file.tests.as_deref().unwrap_or_default();
    let mut cases = Vec::with_capacity(defs.len());
    for (i, def) in defs.iter().enumerate() {
        if def.depth == 0 {
            return Err(leaf.error_at(
                &[Key("tests"), Index(i), Key("depth")],
                "a perft case needs a depth of at least 1",
            ));
        }
        cases.push(PerftCase {
            fen: def.fen.clone(),
            depth: def.depth,
            nodes: def.nodes,
            source: def.source.clone(),
        });
    }
    Ok(cases)
}

/// A name XBoard can carry in `feature variants="a,b,c"` and in `variant NAME`: no comma,
/// quote or white space, not empty.
fn check_name(leaf: &Source, name: &str) -> Result<(), LoadError> {
    let bad = name
        .chars()
        .position(|c| c == ',' || c == '"' || c.is_whitespace() || c.is_control());
    match bad {
        Some(index) => Err(leaf.error_in(
            &[Key("name")],
            index,
            "a variant name may not hold a comma, a quote or white space: XBoard's list of \
             variants is separated by commas and its commands by spaces",
        )),
        None if name.is_empty() => Err(leaf.error_at(&[Key("name")], "the name is empty")),
        None => Ok(()),
    }
}

/// XBoard's PIECETOCHAR: White's slots then Black's, so an even length; each letter names one
/// piece type, so no letter twice; `.` for an empty slot and XBoard's marks `+ ~ ^ ' !`.
fn check_piece_to_char(source: &Source, p2c: &At<String>) -> Result<(), LoadError> {
    let text = &p2c.value;
    let at = |index: usize, message: String| source.error_in(&p2c.path, index, message);
    let slots = piece_to_char::slots(text).map_err(|e| at(e.at, e.message))?;
    let mut seen = Vec::new();
    for slot in &slots {
        if let SlotContent::Piece(id, colour) = slot.content {
            if seen.contains(&(id, colour)) {
                let shown = id.text_for(colour);
                return Err(at(
                    slot.at,
                    format!("`{shown}` appears twice in piece_to_char"),
                ));
            }
            seen.push((id, colour));
        }
    }
    let length = slots.len();
    if !length.is_multiple_of(2) {
        return Err(at(
            slots.last().map_or(0, |s| s.at),
            format!(
                "piece_to_char has {length} slots; XBoard reads the first half as White's \
                 pieces and the second as Black's, so it must have an even number"
            ),
        ));
    }
    let images = piece_to_char::images(&slots);
    if let Some(i) = images
        .iter()
        .position(|&image| image >= piece_to_char::IMAGES)
    {
        return Err(at(
            slots[i].at,
            format!(
                "XBoard has {} piece images per colour; this slot would be image {}",
                piece_to_char::IMAGES,
                images[i] + 1
            ),
        ));
    }
    Ok(())
}

/// Character indices where the fields of a FEN start: each whitespace-separated field, and its
/// holdings (`[`) inside the board field.
fn fen_field_starts(fen: &str) -> impl Iterator<Item = usize> + '_ {
    let mut previous = ' ';
    fen.chars().enumerate().filter_map(move |(i, c)| {
        let starts = (!c.is_whitespace() && previous.is_whitespace()) || c == '[';
        previous = c;
        starts.then_some(i)
    })
}

/// An XBetza string of the file, parsed and compiled now so that every error in it (of syntax,
/// or of a construct the compiler refuses) points at its character in the file.
fn xbetza(source: &Source, path: &[Seg], text: &str) -> Result<Xbetza, LoadError> {
    betza::read(text).map_err(|e| source.error_in(path, e.position, e.message))
}

/// Applies the files in order, each overriding what came before. Field by field: the
/// destructurings here and in [`merge_rules`] and [`merge_hand`] make a new field of the file
/// a compile error until it is merged.
fn merge(chain: &[Source]) -> Result<Merged, LoadError> {
    let mut m = Merged::default();
    for (src, source) in chain.iter().enumerate() {
        let VariantFile {
            // A file's own name, aliases and tests are not inherited, and `inherits` made the
            // chain.
            name: _,
            aliases: _,
            inherits: _,
            tests: _,
            board,
            holdings,
            piece_to_char,
            parent,
            start,
            chess960,
            pieces,
            remove_pieces,
            castling,
            rules,
            hand,
        } = &source.file;
        let at = |key: &'static str| vec![Key(key)];
        set(&mut m.board, *board, src, at("board"));
        set(&mut m.holdings, *holdings, src, at("holdings"));
        set(
            &mut m.piece_to_char,
            piece_to_char.clone(),
            src,
            at("piece_to_char"),
        );
        set(&mut m.parent, parent.clone(), src, at("parent"));
        set(&mut m.start, start.clone(), src, at("start"));
        set(&mut m.chess960, *chess960, src, at("chess960"));
        set(&mut m.castling, castling.clone(), src, at("castling"));
        if let Some(rules) = rules {
            merge_rules(&mut m, rules);
        }
        if let Some(hand) = hand {
            merge_hand(&mut m.hand, hand);
        }
        if let Some(remove) = remove_pieces {
            let pieces = m.pieces.get_or_insert_with(Vec::new);
            let ids = PieceId::read_all(remove).map_err(|i| {
                source.error_in(&at("remove_pieces"), i, "not a piece ID".to_string())
            })?;
            for (i, id) in ids {
                let before = pieces.len();
                pieces.retain(|p| p.value.letter != id);
                if pieces.len() == before {
                    return Err(source.error_in(
                        &at("remove_pieces"),
                        i,
                        format!("cannot remove `{id}`: no inherited piece has that ID"),
                    ));
                }
            }
        }
        for (i, def) in pieces.iter().flatten().enumerate() {
            let path = vec![Key("pieces"), Index(i), Key("letter")];
            let letter = def.letter;
            if pieces.iter().flatten().take(i).any(|d| d.letter == letter) {
                return Err(source.error_in(
                    &path,
                    0,
                    format!("piece ID `{letter}` is used twice in this file"),
                ));
            }
            let entry = At {
                value: def.clone(),
                src,
                path: vec![Key("pieces"), Index(i)],
            };
            let merged = m.pieces.get_or_insert_with(Vec::new);
            match merged.iter_mut().find(|p| p.value.letter == letter) {
                Some(old) => *old = entry,
                None => merged.push(entry),
            }
        }
    }
    Ok(m)
}

fn set<T>(slot: &mut Option<At<T>>, value: Option<T>, src: usize, path: Vec<Seg>) {
    if let Some(value) = value {
        *slot = Some(At { value, src, path });
    }
}

fn merge_rules(m: &mut Merged, r: &RulesDef) {
    let RulesDef {
        checkmate,
        stalemate,
        move_rule,
        repetition_count,
        repetition,
        perpetual_check,
        must_capture,
        flying_general,
        duple_check,
        checking,
        check_count,
        extinction,
        flag,
        blast,
        pass,
        bikjang,
        material_count,
        en_passant_zone,
        connect,
        pass_on_stalemate,
        castling_wins,
        royal_frozen_in_check,
        initial_rights_in_fen,
        initial_lost_when_aimed_by,
        petrify_on_capture,
        contagious,
        lion_trading,
        wall_instead_of_move,
    } = r;
    let m = &mut m.rules;
    m.checkmate = checkmate.or(m.checkmate);
    m.stalemate = stalemate.or(m.stalemate);
    m.move_rule = move_rule.or(m.move_rule);
    m.repetition_count = repetition_count.or(m.repetition_count);
    m.repetition = repetition.or(m.repetition);
    m.perpetual_check = perpetual_check.or(m.perpetual_check);
    m.must_capture = must_capture.or(m.must_capture);
    m.flying_general = flying_general.or(m.flying_general);
    m.duple_check = duple_check.or(m.duple_check);
    m.checking = checking.or(m.checking);
    m.check_count = check_count.or(m.check_count);
    m.extinction = extinction.clone().or(m.extinction.take());
    m.flag = flag.clone().or(m.flag.take());
    m.blast = blast.clone().or(m.blast.take());
    m.en_passant_zone = en_passant_zone.clone().or(m.en_passant_zone.take());
    m.pass = pass.or(m.pass);
    m.bikjang = bikjang.or(m.bikjang);
    m.material_count = material_count.clone().or(m.material_count.take());
    m.connect = connect.or(m.connect);
    m.pass_on_stalemate = pass_on_stalemate.or(m.pass_on_stalemate);
    m.castling_wins = castling_wins.clone().or(m.castling_wins.take());
    m.royal_frozen_in_check = royal_frozen_in_check.or(m.royal_frozen_in_check);
    m.initial_rights_in_fen = initial_rights_in_fen.or(m.initial_rights_in_fen);
    m.initial_lost_when_aimed_by = initial_lost_when_aimed_by
        .clone()
        .or(m.initial_lost_when_aimed_by.take());
    m.petrify_on_capture = petrify_on_capture.clone().or(m.petrify_on_capture.take());
    m.contagious = contagious.clone().or(m.contagious.take());
    m.lion_trading = lion_trading.clone().or(m.lion_trading.take());
    m.wall_instead_of_move = wall_instead_of_move.or(m.wall_instead_of_move);
}

/// Field by field; the destructuring makes a new field a compile error until it is merged here.
fn merge_hand(m: &mut HandDef, h: &HandDef) {
    let HandDef {
        captures_to_hand,
        drops,
        demote_on_capture,
        drop_checks,
        immobility_illegal,
        gating,
        drop_mate_forbidden,
        drop_promoted,
        must_drop,
        must_drop_piece,
    } = *h;
    m.captures_to_hand = captures_to_hand.or(m.captures_to_hand);
    m.drops = drops.or(m.drops);
    m.demote_on_capture = demote_on_capture.or(m.demote_on_capture);
    m.drop_checks = drop_checks.or(m.drop_checks);
    m.immobility_illegal = immobility_illegal.or(m.immobility_illegal);
    m.gating = gating.or(m.gating);
    m.drop_mate_forbidden = drop_mate_forbidden.or(m.drop_mate_forbidden);
    m.drop_promoted = drop_promoted.or(m.drop_promoted);
    m.must_drop = must_drop.or(m.must_drop);
    m.must_drop_piece = must_drop_piece.or(m.must_drop_piece);
}

fn board_size(source: &Source, board: &At<Board>) -> Result<(u8, u8), LoadError> {
    let Board { files, ranks } = board.value;
    if !(1..=16).contains(&files) || !(1..=16).contains(&ranks) {
        return Err(source.error_at(
            &board.path,
            format!("a {files}x{ranks} board is not supported: files and ranks must be 1 to 16"),
        ));
    }
    Ok((files as u8, ranks as u8))
}

#[derive(Clone, Copy)]
struct Dims {
    files: u8,
    ranks: u8,
}

/// A zone for both colours: White's text, and Black's text or White's mirrored.
fn zones(
    source: &Source,
    base: &[Seg],
    (white_key, white): (&'static str, &str),
    black: Option<(&'static str, &str)>,
    dims: Dims,
) -> Result<ByColour<SquareSet>, LoadError> {
    let read = |key: &'static str, text: &str| {
        parse_region(text, dims.files, dims.ranks)
            .map_err(|e| source.error_in(&[base, &[Key(key)]].concat(), e.position, e.message))
    };
    let w = read(white_key, white)?;
    let b = match black {
        Some((key, text)) => read(key, text)?,
        None => w.flip_ranks(dims.ranks),
    };
    Ok(ByColour::new(w, b))
}

/// Whether `text` lacks a slot for one of the pieces.
fn p2c_lacks(text: &str, wanted: &[Wanted<'_>]) -> bool {
    wanted
        .iter()
        .any(|w| !piece_to_char::piece_ids(text).any(|(_, id, _)| id == w.id))
}

/// One piece type; a letter missing from piece_to_char is reported where the later of the two
/// was written (a child's piece_to_char that drops an inherited letter, or a child's new piece).
fn piece(
    chain: &[Source],
    def: &At<PieceDef>,
    (piece_to_char, proposal): (&At<String>, &str),
    letters: &[PieceId],
    dims: Dims,
) -> Result<PieceType, LoadError> {
    let source = &chain[def.src];
    let d = &def.value;
    let path = |key: &'static str| [def.path.as_slice(), &[Key(key)]].concat();
    let p2c = &piece_to_char.value;
    let in_p2c = piece_to_char::piece_ids(p2c).any(|(_, id, _)| id == d.letter);
    if !in_p2c && d.promoted_of.is_none() {
        let message = format!(
            "piece ID `{}` is missing from piece_to_char; with a slot for every piece it \
             reads `piece_to_char: \"{proposal}\"` (or leave the key out: Alfil derives it)",
            d.letter
        );
        return Err(if piece_to_char.src > def.src {
            chain[piece_to_char.src].error_at(&piece_to_char.path, message)
        } else {
            source.error_in(&path("letter"), 0, message)
        });
    }
    let moves = xbetza(source, &path("moves"), &d.moves)?;
    let initial_zone = match &d.initial_zone {
        Some(text) => Some(zones(
            source,
            &def.path,
            ("initial_zone", text),
            d.initial_zone_black
                .as_deref()
                .map(|t| ("initial_zone_black", t)),
            dims,
        )?),
        None if d.initial_zone_black.is_some() => {
            return Err(source.error_at(
                &path("initial_zone_black"),
                "`initial_zone_black` needs `initial_zone` for White",
            ))
        }
        None => None,
    };
    let initial_zone_ii = match &d.initial_zone_ii {
        Some(text) => Some(zones(
            source,
            &def.path,
            ("initial_zone_ii", text),
            None,
            dims,
        )?),
        None => None,
    };
    let promotion = match &d.promotion {
        Some(p) => Some(promotion(source, &path("promotion"), p, letters, dims)?),
        None => None,
    };
    let promoted_of = match d.promoted_of {
        Some(c) => Some(letter_kind(source, &path("promoted_of"), c, letters)?),
        None => None,
    };
    let confine = match &d.confine {
        Some(text) => Some(zones(
            source,
            &def.path,
            ("confine", text),
            d.confine_black.as_deref().map(|t| ("confine_black", t)),
            dims,
        )?),
        None => None,
    };
    let zone_moves = match &d.zone_moves {
        Some(z) => {
            let zpath = [def.path.as_slice(), &[Key("zone_moves")]].concat();
            let zone = zones(
                source,
                &zpath,
                ("zone", &z.zone),
                z.zone_black.as_deref().map(|t| ("zone_black", t)),
                dims,
            )?;
            let mpath = [zpath.as_slice(), &[Key("moves")]].concat();
            let moves = xbetza(source, &mpath, &z.moves)?;
            Some(ZoneMoves {
                zone,
                moves_text: z.moves.clone(),
                moves,
                stay: z.stay.unwrap_or(false),
            })
        }
        None => None,
    };
    let everywhere = "*";
    let drop_zone = match (&d.drop_zone, &d.drop_zone_black) {
        (None, None) => None,
        (white, black) => Some(zones(
            source,
            &def.path,
            ("drop_zone", white.as_deref().unwrap_or(everywhere)),
            black.as_deref().map(|t| ("drop_zone_black", t)),
            dims,
        )?),
    };
    Ok(PieceType {
        id: d.letter,
        name: d.name.clone(),
        moves_text: d.moves.clone(),
        moves,
        royal: d.royal.unwrap_or(false),
        royal_when_last: match (d.royal_when_last, d.royal) {
            (Some(true), Some(true)) => true,
            (Some(true), _) => {
                return Err(source.error_at(
                    &path("royal_when_last"),
                    "`royal_when_last` needs `royal: true`",
                ))
            }
            _ => false,
        },
        promotion,
        value: d.value,
        initial_zone,
        initial_zone_ii,
        promoted_of,
        drop_zone,
        drop_file_limit: d.drop_file_limit.unwrap_or(0),
        confine,
        zone_moves,
        no_screen: match &d.no_screen {
            Some(text) => rule_letters(source, &path("no_screen"), text, letters)?.0,
            None => Vec::new(),
        },
        no_capture: match &d.no_capture {
            Some(text) => rule_letters(source, &path("no_capture"), text, letters)?.0,
            None => Vec::new(),
        },
        demotes: match (d.demotes, promoted_of) {
            (Some(_), None) => {
                return Err(source.error_at(
                    &path("demotes"),
                    "`demotes` needs `promoted_of`: the piece it turns back into",
                ))
            }
            (demotes, _) => demotes,
        },
        drop_opposite_colours: d.drop_opposite_colours.unwrap_or(false),
        initial_not_in_check: d.initial_not_in_check.unwrap_or(false),
        rank: d.rank.unwrap_or(0),
        range_jump: match (d.range_jump, d.rank.unwrap_or(0)) {
            (Some(true), 0) => {
                return Err(source.error_at(
                    &path("range_jump"),
                    "`range_jump` needs a `rank` above 0: the pieces it may jump rank lower",
                ))
            }
            (jumps, _) => jumps.unwrap_or(false),
        },
        burns: d.burns.unwrap_or(false),
        burns_passively: d.burns_passively.unwrap_or(false),
        image: match &d.image {
            Some(text) => Some(super::piece_image::resolve(source, &path("image"), text)?),
            None => None,
        },
    })
}

/// The piece type an ID written at `path` names.
fn letter_kind(
    source: &Source,
    path: &[Seg],
    id: PieceId,
    letters: &[PieceId],
) -> Result<usize, LoadError> {
    letters
        .iter()
        .position(|&l| l == id)
        .ok_or_else(|| source.error_at(path, format!("`{id}` is not a piece of this variant")))
}

/// Letters to piece indices, for a rule of the leaf file; `*` is allowed when `star` is.
fn rule_letters(
    leaf: &Source,
    path: &[Seg],
    text: &str,
    letters: &[PieceId],
) -> Result<(Vec<usize>, bool), LoadError> {
    let chars: Vec<char> = text.chars().collect();
    let mut kinds = Vec::new();
    let mut all = false;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '*' {
            all = true;
            i += 1;
            continue;
        }
        let Some(read) = PieceId::read_at(&chars, i) else {
            let message = format!("`{}` is not a piece ID", chars[i]);
            return Err(leaf.error_in(path, i, message));
        };
        match letters.iter().position(|&l| l == read.id) {
            Some(k) => kinds.push(k),
            None => {
                let message = format!("`{}` is not a piece of this variant", read.id);
                return Err(leaf.error_in(path, i, message));
            }
        }
        i += read.chars;
    }
    Ok((kinds, all))
}

fn rules(leaf: &Source, r: &RulesDef, letters: &[PieceId], dims: Dims) -> Result<Rules, LoadError> {
    let d = Rules::default();
    let at = |keys: &[&'static str]| -> Vec<Seg> { keys.iter().map(|k| Key(k)).collect() };
    let extinction = match r.extinction.clone().flatten() {
        Some(e) => {
            let (kinds, all) = rule_letters(
                leaf,
                &at(&["rules", "extinction", "pieces"]),
                &e.pieces,
                letters,
            )?;
            Some(Extinction {
                kinds,
                all,
                count: e.count.unwrap_or(0),
                opponent_count: e.opponent_count.unwrap_or(0),
                claim: e.claim.unwrap_or(false),
                value: e.value.unwrap_or(GameValue::Loss),
            })
        }
        None => None,
    };
    let flag = match r.flag.clone().flatten() {
        Some(f) => {
            let path = at(&["rules", "flag", "piece"]);
            let (kinds, _) = rule_letters(leaf, &path, &f.piece.to_string(), letters)?;
            let zone = zones(
                leaf,
                &at(&["rules", "flag"]),
                ("zone", &f.zone),
                f.zone_black.as_deref().map(|t| ("zone_black", t)),
                dims,
            )?;
            Some(Flag {
                piece: kinds.first().copied(),
                zone,
                value: f.value.unwrap_or(GameValue::Win),
                reply: f.reply.unwrap_or(false),
                safe: f.safe.unwrap_or(false),
                stay: f.stay.unwrap_or(false),
            })
        }
        None => None,
    };
    let blast = match r.blast.clone().flatten() {
        Some(b) => {
            let path = at(&["rules", "blast", "immune"]);
            let (immune, _) =
                rule_letters(leaf, &path, b.immune.as_deref().unwrap_or(""), letters)?;
            let path = at(&["rules", "blast", "unharmed"]);
            let (unharmed, _) =
                rule_letters(leaf, &path, b.unharmed.as_deref().unwrap_or(""), letters)?;
            Some(Blast { immune, unharmed })
        }
        None => None,
    };
    let en_passant_zone = match &r.en_passant_zone {
        Some(text) => Some(zones(
            leaf,
            &at(&["rules"]),
            ("en_passant_zone", text),
            None,
            dims,
        )?),
        None => None,
    };
    let material_count = match r.material_count.clone().flatten() {
        Some(count) => Some(material_count(leaf, &count, letters)?),
        None => None,
    };
    let (initial_lost_when_aimed_by, _) = rule_letters(
        leaf,
        &at(&["rules", "initial_lost_when_aimed_by"]),
        r.initial_lost_when_aimed_by.as_deref().unwrap_or(""),
        letters,
    )?;
    let (petrify_on_capture, _) = rule_letters(
        leaf,
        &at(&["rules", "petrify_on_capture"]),
        r.petrify_on_capture.as_deref().unwrap_or(""),
        letters,
    )?;
    let (contagious, _) = rule_letters(
        leaf,
        &at(&["rules", "contagious"]),
        r.contagious.as_deref().unwrap_or(""),
        letters,
    )?;
    let lion_trading = match &r.lion_trading {
        Some(lt) => {
            let path = |key| at(&["rules", "lion_trading", key]);
            let worthless = lt.worthless.as_deref().unwrap_or("");
            Some(LionTrading {
                lions: rule_letters(leaf, &path("lions"), &lt.lions, letters)?.0,
                worthless: rule_letters(leaf, &path("worthless"), worthless, letters)?.0,
                counterstrike: lt.counterstrike.unwrap_or(true),
            })
        }
        None => None,
    };
    Ok(Rules {
        checkmate: r.checkmate.unwrap_or(d.checkmate),
        stalemate: r.stalemate.unwrap_or(d.stalemate),
        move_rule: r.move_rule.unwrap_or(d.move_rule),
        repetition_count: r.repetition_count.unwrap_or(d.repetition_count),
        repetition: r.repetition.unwrap_or(d.repetition),
        perpetual_check: r.perpetual_check,
        must_capture: r.must_capture.unwrap_or(d.must_capture),
        flying_general: r.flying_general.unwrap_or(d.flying_general),
        duple_check: r.duple_check.unwrap_or(d.duple_check),
        checking: r.checking.unwrap_or(d.checking),
        check_count: r.check_count.unwrap_or(d.check_count),
        extinction,
        flag,
        blast,
        en_passant_zone,
        pass: r.pass.unwrap_or(d.pass),
        bikjang: r.bikjang.unwrap_or(d.bikjang),
        material_count,
        connect: r.connect.unwrap_or(d.connect),
        pass_on_stalemate: r.pass_on_stalemate.unwrap_or(d.pass_on_stalemate),
        castling_wins: castling_wins(leaf, r.castling_wins.as_deref())?,
        royal_frozen_in_check: r.royal_frozen_in_check.unwrap_or(d.royal_frozen_in_check),
        initial_rights_in_fen: r.initial_rights_in_fen.unwrap_or(d.initial_rights_in_fen),
        initial_lost_when_aimed_by,
        petrify_on_capture,
        contagious,
        lion_trading,
        wall_instead_of_move: r.wall_instead_of_move,
    })
}

/// The rules, refused where fields contradict each other or the board: more pieces in a row
/// than a line of the board holds, castling wins without castling, a royal piece frozen in
/// check or losing its initial moves without a royal piece, a royal piece that would be
/// petrified or whose captor would become one, initial rights in the FEN's castling field of a
/// variant that castles.
fn consistent_rules(
    leaf: &Source,
    rules: Rules,
    pieces: &[PieceType],
    castles: bool,
    dims: Dims,
) -> Result<Rules, LoadError> {
    let at = |key: &'static str| [Key("rules"), Key(key)];
    let longest = u32::from(dims.files.max(dims.ranks));
    if rules.connect > longest {
        return Err(leaf.error_at(
            &at("connect"),
            format!(
                "{} pieces in a row cannot stand on a {}x{} board",
                rules.connect, dims.files, dims.ranks
            ),
        ));
    }
    if rules.wins_by_castling() && !castles {
        return Err(leaf.error_at(
            &at("castling_wins"),
            "castling_wins needs castling, and the variant has none",
        ));
    }
    if rules.royal_frozen_in_check && !pieces.iter().any(|p| p.royal) {
        return Err(leaf.error_at(
            &at("royal_frozen_in_check"),
            "no piece is royal, so none is ever in check",
        ));
    }
    if !rules.initial_lost_when_aimed_by.is_empty() && !pieces.iter().any(|p| p.royal) {
        return Err(leaf.error_at(
            &at("initial_lost_when_aimed_by"),
            "no piece is royal, so there are no royal initial moves to lose",
        ));
    }
    if let Some(&royal) = rules
        .petrify_on_capture
        .iter()
        .find(|&&kind| pieces[kind].royal)
    {
        return Err(leaf.error_at(
            &at("petrify_on_capture"),
            format!(
                "the {} is royal: it cannot be petrified",
                pieces[royal].name
            ),
        ));
    }
    if let Some(&royal) = rules.contagious.iter().find(|&&kind| pieces[kind].royal) {
        return Err(leaf.error_at(
            &at("contagious"),
            format!(
                "the {} is royal: a piece that captures it cannot become one",
                pieces[royal].name
            ),
        ));
    }
    if rules.initial_rights_in_fen && castles {
        return Err(leaf.error_at(
            &at("initial_rights_in_fen"),
            "the FEN's castling field holds the castling rights, and the variant castles",
        ));
    }
    Ok(rules)
}

/// The castling rights of `castling_wins`, as the FEN writes them: `K`, `Q` (White's king-
/// and queen-side), `k`, `q` (Black's).
fn castling_wins(leaf: &Source, text: Option<&str>) -> Result<ByColour<[bool; 2]>, LoadError> {
    let mut wins = ByColour([[false; 2]; 2]);
    for (i, c) in text.unwrap_or("").chars().enumerate() {
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        match c.to_ascii_lowercase() {
            'k' => wins[colour][0] = true,
            'q' => wins[colour][1] = true,
            _ => {
                return Err(leaf.error_in(
                    &[Key("rules"), Key("castling_wins")],
                    i,
                    format!("`{c}` is not a castling right (K, Q, k or q)"),
                ))
            }
        }
    }
    Ok(wins)
}

fn material_count(
    leaf: &Source,
    count: &MaterialCountDef,
    letters: &[PieceId],
) -> Result<MaterialCount, LoadError> {
    let path = |key: &'static str| [Key("rules"), Key("material_count"), Key(key)];
    let mut half_points = vec![0; letters.len()];
    for (&letter, &points) in &count.points {
        let kind = letter_kind(leaf, &path("points"), letter, letters)?;
        half_points[kind] = points.saturating_mul(2);
    }
    let bonus = count.black_bonus.unwrap_or(0.0) * 2.0;
    if !(0.0..=1e6).contains(&bonus) || bonus.fract() != 0.0 {
        return Err(leaf.error_at(
            &path("black_bonus"),
            "the bonus is a whole or half number of points, at least 0",
        ));
    }
    // The range check above makes the conversion exact.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let black_bonus = bonus as u32;
    Ok(MaterialCount {
        half_points,
        black_bonus,
    })
}

fn hand_rules(leaf: &Source, h: &HandDef, letters: &[PieceId]) -> Result<Hand, LoadError> {
    let drop_mate_forbidden = match h.drop_mate_forbidden {
        Some(c) => Some(letter_kind(
            leaf,
            &[Key("hand"), Key("drop_mate_forbidden")],
            c,
            letters,
        )?),
        None => None,
    };
    let must_drop_piece = match h.must_drop_piece {
        Some(c) => Some(letter_kind(
            leaf,
            &[Key("hand"), Key("must_drop_piece")],
            c,
            letters,
        )?),
        None => None,
    };
    let d = Hand::default();
    let must_drop = h.must_drop.unwrap_or(d.must_drop);
    if must_drop_piece.is_some() && !must_drop {
        return Err(leaf.error_at(
            &[Key("hand"), Key("must_drop_piece")],
            "`must_drop_piece` needs `must_drop: true`",
        ));
    }
    Ok(Hand {
        captures_to_hand: h.captures_to_hand.unwrap_or(d.captures_to_hand),
        drops: h.drops.unwrap_or(d.drops),
        demote_on_capture: h.demote_on_capture.unwrap_or(d.demote_on_capture),
        drop_checks: h.drop_checks.unwrap_or(d.drop_checks),
        immobility_illegal: h.immobility_illegal.unwrap_or(d.immobility_illegal),
        gating: h.gating.unwrap_or(d.gating),
        drop_mate_forbidden,
        drop_promoted: h.drop_promoted.unwrap_or(d.drop_promoted),
        must_drop,
        must_drop_piece,
    })
}

fn promotion(
    source: &Source,
    base: &[Seg],
    p: &PromotionDef,
    letters: &[PieceId],
    dims: Dims,
) -> Result<Promotion, LoadError> {
    let zone = zones(
        source,
        base,
        ("zone", &p.zone),
        p.zone_black.as_deref().map(|t| ("zone_black", t)),
        dims,
    )?;
    let choices_path = [base, &[Key("choices")]].concat();
    let choices = piece_indices(
        source,
        &choices_path,
        &p.choices,
        letters,
        "promotion choice",
    )?;
    if choices.is_empty() {
        return Err(source.error_at(&choices_path, "a promotion needs at least one choice"));
    }
    let choices_black = match &p.choices_black {
        Some(text) => {
            let path = [base, &[Key("choices_black")]].concat();
            let black = piece_indices(source, &path, text, letters, "promotion choice")?;
            if black.is_empty() {
                return Err(source.error_at(&path, "a promotion needs at least one choice"));
            }
            Some(black)
        }
        None => None,
    };
    Ok(Promotion {
        zone,
        choices,
        mandatory: p.mandatory.unwrap_or(true),
        choices_black,
        from_zone: p.from_zone.unwrap_or(false),
        within_zone_by_capture: p.within_zone_by_capture.unwrap_or(false),
        only_captured: p.only_captured.unwrap_or(false),
        limits: promotion_limits(source, base, p, letters)?,
        on_capture: p.on_capture.unwrap_or(false),
        mandatory_where_stuck: p.mandatory_where_stuck.unwrap_or(false),
        in_place: match &p.in_place {
            Some(d) => {
                let path = [base, &[Key("in_place"), Key("steps")]].concat();
                let steps = xbetza(source, &path, &d.steps)?;
                Some(InPlace {
                    steps,
                    last_anywhere: d.last_anywhere.unwrap_or(false),
                    no_check: d.no_check.unwrap_or(false),
                    no_attack: d.no_attack.unwrap_or(false),
                })
            }
            None => None,
        },
    })
}

/// The `limits` map of a promotion, as (piece index, count) pairs.
fn promotion_limits(
    source: &Source,
    base: &[Seg],
    p: &PromotionDef,
    letters: &[PieceId],
) -> Result<Vec<(usize, u32)>, LoadError> {
    let path = [base, &[Key("limits")]].concat();
    let mut out = Vec::new();
    for (&c, &n) in p.limits.iter().flatten() {
        let (kinds, _) = rule_letters(source, &path, &c.to_string(), letters)?;
        match kinds.first() {
            Some(&k) => out.push((k, n)),
            None => return Err(source.error_at(&path, "`*` cannot be limited")),
        }
    }
    Ok(out)
}

/// Indices of the pieces named by the letters of `text` (either case).
fn piece_indices(
    source: &Source,
    path: &[Seg],
    text: &str,
    letters: &[PieceId],
    what: &str,
) -> Result<Vec<usize>, LoadError> {
    let ids = PieceId::read_all(text)
        .map_err(|i| source.error_in(path, i, format!("{what}: not a piece ID")))?;
    ids.into_iter()
        .map(|(i, id)| {
            letters.iter().position(|&l| l == id).ok_or_else(|| {
                source.error_in(
                    path,
                    i,
                    format!("{what} `{id}` is not a piece of this variant"),
                )
            })
        })
        .collect()
}

fn castling(
    source: &Source,
    base: &[Seg],
    c: &CastlingDef,
    letters: &[PieceId],
    dims: Dims,
) -> Result<Castling, LoadError> {
    let path = |key: &'static str| [base, &[Key(key)]].concat();
    let king = piece_indices(
        source,
        &path("king"),
        &c.king.to_string(),
        letters,
        "castling king",
    )?;
    let partners = piece_indices(
        source,
        &path("partners"),
        &c.partners,
        letters,
        "castling partner",
    )?;
    if partners.is_empty() {
        return Err(source.error_at(
            &path("partners"),
            "castling needs at least one partner type",
        ));
    }
    let file = |key: &'static str, letter: char| match file_index(letter, dims.files) {
        Some(Ok(f)) => Ok(f),
        Some(Err(message)) => Err(source.error_in(&path(key), 0, message)),
        None => Err(source.error_in(
            &path(key),
            0,
            format!("`{letter}` is not a file letter (a, b, c, ...)"),
        )),
    };
    let rank = c.rank.unwrap_or(1);
    if !(1..=u32::from(dims.ranks)).contains(&rank) {
        return Err(source.error_at(
            &path("rank"),
            format!(
                "castling rank {rank} is off this board, which has {} ranks",
                dims.ranks
            ),
        ));
    }
    let last_file = (b'a' + dims.files - 1) as char;
    Ok(Castling {
        king: king[0],
        partners,
        kingside_file: file("kingside_file", c.kingside_file)?,
        queenside_file: file("queenside_file", c.queenside_file)?,
        rank: rank as u8 - 1,
        kingside_partner_file: file(
            "kingside_partner_file",
            c.kingside_partner_file.unwrap_or(last_file),
        )?,
        queenside_partner_file: file(
            "queenside_partner_file",
            c.queenside_partner_file.unwrap_or('a'),
        )?,
        dropped_king_file: match c.dropped_king_file {
            Some(letter) => Some(file("dropped_king_file", letter)?),
            None => None,
        },
        opposite: c.opposite.unwrap_or(false),
    })
}
