//! A slow, obviously-correct move generator for the tests: a mailbox, ray walks, and
//! test-after-make legality. It shares no code with the library's generator; it reads the
//! position through the public accessors only.

use movegen::{Board, CastlingSide, Color, Move, MoveKind, Piece, Role, Square};

type Mailbox = [Option<Piece>; 64];

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn sq(i: usize) -> Square {
    Square::from_index(i).expect("square index")
}

fn mailbox(board: &Board) -> Mailbox {
    let mut m = [None; 64];
    for (i, slot) in m.iter_mut().enumerate() {
        *slot = board.piece_at(sq(i));
    }
    m
}

fn is(m: &Mailbox, i: usize, color: Color, role: Role) -> bool {
    m[i] == Some(Piece { color, role })
}

/// Whether `target` is attacked by a piece of `by` on the mailbox.
fn attacked(m: &Mailbox, target: usize, by: Color) -> bool {
    let pawn_dr = if by == Color::White { -1 } else { 1 }; // look back towards the attacking pawn
    for df in [-1, 1] {
        if step(target, (df, pawn_dr)).is_some_and(|s| is(m, s, by, Role::Pawn)) {
            return true;
        }
    }
    for (steps, role) in [(&KNIGHT, Role::Knight), (&KING, Role::King)] {
        if steps
            .iter()
            .any(|&d| step(target, d).is_some_and(|s| is(m, s, by, role)))
        {
            return true;
        }
    }
    for (dirs, role) in [(&ROOK, Role::Rook), (&BISHOP, Role::Bishop)] {
        for &d in dirs {
            let mut cur = target;
            while let Some(next) = step(cur, d) {
                if let Some(p) = m[next] {
                    if p.color == by && (p.role == role || p.role == Role::Queen) {
                        return true;
                    }
                    break;
                }
                cur = next;
            }
        }
    }
    false
}

fn king_square(m: &Mailbox, color: Color) -> usize {
    (0..64)
        .find(|&i| is(m, i, color, Role::King))
        .expect("king")
}

/// The mailbox after `mv` (which must be pseudo-legal).
fn make(m: &Mailbox, mv: Move, us: Color) -> Mailbox {
    let mut next = *m;
    let (from, to) = (mv.from().index(), mv.to().index());
    let piece = next[from].take();
    match mv.kind() {
        MoveKind::Castling => {
            next[to] = None;
            let rank = from / 8;
            let (king_file, rook_file) = if to > from { (6, 5) } else { (2, 3) };
            next[rank * 8 + king_file] = Some(Piece {
                color: us,
                role: Role::King,
            });
            next[rank * 8 + rook_file] = Some(Piece {
                color: us,
                role: Role::Rook,
            });
        }
        MoveKind::EnPassant => {
            next[to] = piece;
            next[(from / 8) * 8 + to % 8] = None;
        }
        kind => {
            next[to] = match mv.promotion() {
                Some(role) => Some(Piece { color: us, role }),
                None => piece,
            };
            debug_assert!(kind != MoveKind::Castling);
        }
    }
    next
}

/// All legal moves of `board`, by brute force.
pub fn legal_moves(board: &Board) -> Vec<Move> {
    let m = mailbox(board);
    let us = board.side_to_move();
    let them = us.other();
    let mut pseudo = Vec::new();
    let add = |pseudo: &mut Vec<Move>, from: usize, to: usize, kind: MoveKind| {
        pseudo.push(Move::new(sq(from), sq(to), kind));
    };
    for from in 0..64 {
        let Some(p) = m[from] else { continue };
        if p.color != us {
            continue;
        }
        let free_or_theirs = |to: usize| m[to].is_none_or(|q| q.color == them);
        match p.role {
            Role::Pawn => {
                let dr = if us == Color::White { 1 } else { -1 };
                let start_rank = if us == Color::White { 1 } else { 6 };
                let last_rank = if us == Color::White { 7 } else { 0 };
                let mut targets = Vec::new();
                if let Some(one) = step(from, (0, dr)).filter(|&s| m[s].is_none()) {
                    targets.push(one);
                    if from / 8 == start_rank
                        && let Some(two) = step(one, (0, dr)).filter(|&s| m[s].is_none())
                    {
                        add(&mut pseudo, from, two, MoveKind::DoublePush);
                    }
                }
                for df in [-1, 1] {
                    if let Some(t) = step(from, (df, dr)) {
                        if m[t].is_some_and(|q| q.color == them) {
                            targets.push(t);
                        } else if board.en_passant() == Some(sq(t)) {
                            add(&mut pseudo, from, t, MoveKind::EnPassant);
                        }
                    }
                }
                for t in targets {
                    if t / 8 == last_rank {
                        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                            add(
                                &mut pseudo,
                                from,
                                t,
                                MoveKind::promotion(role).expect("promotion"),
                            );
                        }
                    } else {
                        add(&mut pseudo, from, t, MoveKind::Normal);
                    }
                }
            }
            Role::Knight | Role::King => {
                let steps = if p.role == Role::Knight {
                    &KNIGHT
                } else {
                    &KING
                };
                for &d in steps {
                    if let Some(t) = step(from, d).filter(|&t| free_or_theirs(t)) {
                        add(&mut pseudo, from, t, MoveKind::Normal);
                    }
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let dirs: Vec<(i32, i32)> = match p.role {
                    Role::Bishop => BISHOP.to_vec(),
                    Role::Rook => ROOK.to_vec(),
                    _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                };
                for d in dirs {
                    let mut cur = from;
                    while let Some(t) = step(cur, d) {
                        if m[t].is_some_and(|q| q.color == us) {
                            break;
                        }
                        add(&mut pseudo, from, t, MoveKind::Normal);
                        if m[t].is_some() {
                            break;
                        }
                        cur = t;
                    }
                }
            }
        }
    }
    // Castling: the right, every square from the leftmost to the rightmost of king, rook and
    // their destinations empty apart from king and rook, and the king neither in check nor
    // crossing nor landing on an attacked square (with king and rook lifted off the board).
    let king = king_square(&m, us);
    if !attacked(&m, king, them) {
        for side in CastlingSide::ALL {
            let Some(rook) = board.castling_rook(us, side) else {
                continue;
            };
            let rook = rook.index();
            let rank = king / 8;
            let king_to = rank * 8 + side.king_file() as usize;
            let rook_to = rank * 8 + side.rook_file() as usize;
            let lo = *[king, rook, king_to, rook_to].iter().min().expect("min");
            let hi = *[king, rook, king_to, rook_to].iter().max().expect("max");
            if (lo..=hi).any(|s| s != king && s != rook && m[s].is_some()) {
                continue;
            }
            let mut lifted = m;
            lifted[king] = None;
            lifted[rook] = None;
            let (a, b) = (king.min(king_to), king.max(king_to));
            if (a..=b).all(|s| !attacked(&lifted, s, them)) {
                add(&mut pseudo, king, rook, MoveKind::Castling);
            }
        }
    }
    pseudo
        .into_iter()
        .filter(|&mv| {
            let next = make(&m, mv, us);
            !attacked(&next, king_square(&next, us), them)
        })
        .collect()
}
