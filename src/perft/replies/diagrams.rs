//! The board diagrams of docs/internals.md, drawn from the sets [`Replies`] computes, and a
//! test that the page shows them as the code computes them (a change of the shortcut that
//! changes a set fails here until the page is redrawn: `cargo test --release --lib diagrams --
//! --nocapture` prints the page's blocks).

use super::*;
use crate::perft::perft;
use crate::side::White;
use std::fmt::Write;
use std::string::String;

/// An ASCII board: rank 8 on top, each square's piece letter (`.` when empty), in brackets
/// where `set` holds the square.
fn grid(board: &Board, set: Bitboard) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        write!(out, "{} ", rank + 1).unwrap();
        for file in 0..8 {
            let sq = Square::new(8 * rank + file);
            let c = board.piece_at(sq).map_or('.', |p| p.char());
            if set.contains(sq) {
                write!(out, "[{c}]").unwrap();
            } else {
                write!(out, " {c} ").unwrap();
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   a  b  c  d  e  f  g  h\n");
    out
}

/// The squares a piece of `role` may leave or reach by a *plain* move (see
/// [`Replies::plain_targets`]), its occupancy aside.
fn plain(r: &Replies<White>, role: Role) -> Bitboard {
    !(r.guard | r.shield | r.pin_lines | r.arrival[role.index()] | r.near_watch[role.index()])
}

/// The page's blocks for `fen` (White to move): the sets (the plain squares for each of
/// `plain_roles`, which must be roles White has: the sets of others are not computed), then the count of each white move
/// of the listed pieces' as the shortcut makes it, checked against playing the move.
fn blocks(fen: &str, plain_roles: &[Role], examples: &[&str]) -> String {
    let board: Board = fen.parse().unwrap();
    let mut slot = None;
    let r = Replies::<White>::new(&board, &mut slot).expect("the shortcut applies here");
    let mut out = String::new();
    let sets = [
        ("guard", r.guard),
        ("watch", r.watch),
        ("shield", r.shield),
        ("pin lines", r.pin_lines),
        ("calm", r.calm),
    ];
    for (name, set) in sets {
        write!(out, "{name}:\n{}\n", grid(&board, set)).unwrap();
    }
    for role in plain_roles {
        let set = plain(r, *role);
        write!(
            out,
            "plain, for a {}:\n{}\n",
            role.name(),
            grid(&board, set)
        )
        .unwrap();
    }
    writeln!(
        out,
        "B's replies in the node: {} (king and castling {}, knights {}, pawns {}, sliders {})",
        r.total(),
        r.king_moves,
        r.knight_moves,
        r.pawn_moves,
        r.slider_moves
    )
    .unwrap();
    let all: std::vec::Vec<Move> = board.legal_moves().to_vec();
    let listed: std::vec::Vec<Move> = if examples.is_empty() {
        all.clone()
    } else {
        examples
            .iter()
            .map(|uci| board.parse_uci(uci).unwrap())
            .collect()
    };
    let mut sum = 0;
    for mv in listed {
        let uci = std::format!("{mv}");
        let real = perft(&board.play_unchecked(mv), 1);
        let mut piece = None;
        board.generate_moves(|m| {
            piece = piece.or((m.from == mv.from()).then_some(m));
            false
        });
        let piece = piece.unwrap();
        let to = Bitboard::from_square(mv.to());
        let moves = PieceMoves {
            to,
            special: piece.special & to,
            ..piece
        };
        let (path, count) = match r.mover(moves) {
            Some(mover) if r.is_calm(&mover) && r.inert_targets(&mover, moves).any() => {
                ("inert: the node's count", Some(r.total()))
            }
            Some(mover) if r.plain_targets(&mover, moves).any() => (
                "plain: sliders and pawns that reach the squares recounted",
                Some(r.after_plain(mv.from(), mv.to())),
            ),
            Some(mover) => ("general: Replies::after", r.after(&board, &mover, mv)),
            None => ("not a mover: a leaver, or played", None),
        };
        let shown = count.map_or(String::from("-"), |n| n.to_string());
        assert!(
            count.is_none_or(|n| n == real),
            "{uci}: {count:?} against {real}"
        );
        writeln!(out, "{uci:6} {path:58} {shown:>3} (played: {real})").unwrap();
        sum += real;
    }
    if examples.is_empty() {
        assert_eq!(sum, perft(&board, 2));
        writeln!(out, "sum over the {} moves: {sum} = perft 2", all.len()).unwrap();
    }
    out
}

/// The positions drawn, with the moves of each worked example (all of them when none are
/// named): Kiwipete (castling squares in
/// the guard, a bishop's shield) and position 3 (a rook pinning through a pawn onto B's king).
const POSITIONS: [(&str, &str, &[Role], &[&str]); 2] = [
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[Role::Knight, Role::Rook],
        &[
            "a2a3", "b2b3", "g2h3", "d5e6", "e5d7", "e5f7", "c3b1", "e2a6", "f3f6", "e1g1",
        ],
    ),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[Role::Rook],
        &[],
    ),
];

#[test]
fn the_internals_page_shows_the_sets_the_code_computes() {
    let page = include_str!("../../../docs/internals.md");
    let drawn: std::vec::Vec<_> = POSITIONS
        .iter()
        .map(|(name, fen, roles, examples)| (name, blocks(fen, roles, examples)))
        .collect();
    for (name, expected) in &drawn {
        std::println!("<!-- diagrams: {name} -->\n```text\n{expected}```\n");
    }
    for (name, expected) in &drawn {
        let shown = page
            .split(&std::format!("<!-- diagrams: {name} -->\n```text\n"))
            .nth(1)
            .and_then(|rest| rest.split("```").next());
        assert_eq!(
            shown,
            Some(expected.as_str()),
            "docs/internals.md: redraw the {name} block (printed above)"
        );
    }
}
