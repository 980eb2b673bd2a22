//! The set's xiangqi and janggi discs and shogi and chu pentagons: each a shape with the
//! piece's characters written as text in a CJK font (the page's fonts draw them; the page
//! colours the sides, writes a promoted piece's characters in red and turns Black's shogi
//! pieces to face White). Where the two sides' pieces bear different characters (xiangqi's
//! 帥 and 將) both are written, classed `w` and `b`, and the page shows the side's own.

/// Fonts for the characters, the first one installed is used (`.ci/run` installs Noto CJK).
const FONTS: &str = "'Noto Serif CJK JP','Noto Serif CJK SC','Noto Sans CJK JP',\
'Source Han Serif','Hiragino Mincho ProN','Yu Mincho','MS Mincho','SimSun',serif";

/// How a family's pieces are drawn.
#[derive(Clone, Copy)]
enum Shape {
    /// A round disc (xiangqi).
    Disc,
    /// An octagon, larger for stronger pieces (janggi): its size in hundredths.
    Octagon(u8),
    /// A pentagon pointing at the opponent, characters from top to bottom (shogi, chu).
    Pentagon,
}

/// A piece: set name, shape, White's characters, Black's.
type Entry = (&'static str, Shape, &'static str, &'static str);

use Shape::{Disc, Octagon, Pentagon};

/// Xiangqi (White is Red), janggi (White is Cho, blue; Black is Han, red), shogi and chu.
const PIECES: &[Entry] = &[
    ("xiangqi-general", Disc, "帥", "將"),
    ("xiangqi-advisor", Disc, "仕", "士"),
    ("xiangqi-elephant", Disc, "相", "象"),
    ("xiangqi-horse", Disc, "傌", "馬"),
    ("xiangqi-chariot", Disc, "俥", "車"),
    ("xiangqi-cannon", Disc, "炮", "砲"),
    ("xiangqi-soldier", Disc, "兵", "卒"),
    ("janggi-general", Octagon(100), "楚", "漢"),
    ("janggi-guard", Octagon(74), "士", "士"),
    ("janggi-elephant", Octagon(88), "象", "象"),
    ("janggi-horse", Octagon(88), "馬", "馬"),
    ("janggi-chariot", Octagon(88), "車", "車"),
    ("janggi-cannon", Octagon(88), "包", "包"),
    ("janggi-soldier", Octagon(74), "卒", "兵"),
    ("shogi-king", Pentagon, "玉将", "王将"),
    ("shogi-rook", Pentagon, "飛車", "飛車"),
    ("shogi-bishop", Pentagon, "角行", "角行"),
    ("shogi-gold", Pentagon, "金将", "金将"),
    ("shogi-silver", Pentagon, "銀将", "銀将"),
    ("shogi-knight", Pentagon, "桂馬", "桂馬"),
    ("shogi-lance", Pentagon, "香車", "香車"),
    ("shogi-pawn", Pentagon, "歩兵", "歩兵"),
    ("shogi-dragon", Pentagon, "龍王", "龍王"),
    ("shogi-horse", Pentagon, "龍馬", "龍馬"),
    ("shogi-tokin", Pentagon, "と", "と"),
    ("shogi-promoted-silver", Pentagon, "成銀", "成銀"),
    ("shogi-promoted-knight", Pentagon, "成桂", "成桂"),
    ("shogi-promoted-lance", Pentagon, "成香", "成香"),
    ("chu-copper-general", Pentagon, "銅将", "銅将"),
    ("chu-ferocious-leopard", Pentagon, "猛豹", "猛豹"),
    ("chu-blind-tiger", Pentagon, "盲虎", "盲虎"),
    ("chu-drunk-elephant", Pentagon, "酔象", "酔象"),
    ("chu-kirin", Pentagon, "麒麟", "麒麟"),
    ("chu-phoenix", Pentagon, "鳳凰", "鳳凰"),
    ("chu-reverse-chariot", Pentagon, "反車", "反車"),
    ("chu-side-mover", Pentagon, "横行", "横行"),
    ("chu-vertical-mover", Pentagon, "竪行", "竪行"),
    ("chu-go-between", Pentagon, "仲人", "仲人"),
    ("chu-lion", Pentagon, "獅子", "獅子"),
    ("chu-free-king", Pentagon, "奔王", "奔王"),
    ("chu-crown-prince", Pentagon, "太子", "太子"),
    ("chu-white-horse", Pentagon, "白駒", "白駒"),
    ("chu-whale", Pentagon, "鯨鯢", "鯨鯢"),
    ("chu-free-boar", Pentagon, "奔猪", "奔猪"),
    ("chu-flying-ox", Pentagon, "飛牛", "飛牛"),
    ("chu-flying-stag", Pentagon, "飛鹿", "飛鹿"),
    ("chu-horned-falcon", Pentagon, "角鷹", "角鷹"),
    ("chu-soaring-eagle", Pentagon, "飛鷲", "飛鷲"),
];

/// The names of the discs and pentagons.
pub fn names() -> impl Iterator<Item = &'static str> {
    PIECES.iter().map(|(name, ..)| *name)
}

/// `text` written from top to bottom, centred on x = 50 between `top` and `bottom`.
fn column(text: &str, class: &str, top: f32, bottom: f32, widest: f32) -> String {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len() as f32;
    let size = ((bottom - top) / n).min(widest);
    let used = size * n;
    let first = top + (bottom - top - used) / 2.0;
    chars
        .iter()
        .enumerate()
        .map(|(i, c)| {
            // The baseline sits about 0.86 of the size below the glyph's top.
            let y = first + size * (i as f32 + 0.86);
            format!(
                "<text class=\"{class}\" x=\"50\" y=\"{y:.1}\" font-size=\"{size:.1}\" \
                 text-anchor=\"middle\" font-family=\"{FONTS}\">{c}</text>"
            )
        })
        .collect()
}

/// White's and Black's characters (one text when they are the same).
fn glyphs(white: &str, black: &str, top: f32, bottom: f32, widest: f32) -> String {
    if white == black {
        column(white, "glyph", top, bottom, widest)
    } else {
        column(white, "glyph w", top, bottom, widest)
            + &column(black, "glyph b", top, bottom, widest)
    }
}

/// The points of a regular octagon of radius `r` around the centre, flat sides up.
fn octagon(r: f32) -> String {
    (0..8)
        .map(|i| {
            let a = std::f32::consts::PI / 8.0 * (2 * i + 1) as f32;
            format!("{:.1},{:.1}", 50.0 + r * a.cos(), 50.0 + r * a.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The SVG of the disc or pentagon `name`.
pub fn svg(name: &str) -> Option<String> {
    let &(_, shape, white, black) = PIECES.iter().find(|(n, ..)| *n == name)?;
    let body = match shape {
        Disc => format!(
            "<g class=\"disc\"><circle class=\"rim\" cx=\"50\" cy=\"50\" r=\"45\"/>\
             <circle class=\"ring\" cx=\"50\" cy=\"50\" r=\"37\"/>{}</g>",
            glyphs(white, black, 24.0, 76.0, 52.0)
        ),
        Octagon(size) => {
            let r = 47.0 * f32::from(size) / 100.0;
            format!(
                "<g class=\"octagon\"><polygon class=\"rim\" points=\"{}\"/>\
                 <polygon class=\"ring\" points=\"{}\"/>{}</g>",
                octagon(r),
                octagon(r - 7.0),
                glyphs(white, black, 50.0 - r * 0.62, 50.0 + r * 0.62, 60.0)
            )
        }
        Pentagon => format!(
            "<g class=\"pentagon\"><path class=\"wood\" d=\"M50 4 L79 15 L89 96 L11 96 L21 15 Z\"/>{}</g>",
            glyphs(white, black, 20.0, 92.0, 44.0)
        ),
    };
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">{body}</svg>\n"
    ))
}
