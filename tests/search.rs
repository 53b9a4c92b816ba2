//! The embedding API on the corpus (perft.csv, perftsuite, the tricky positions, the 960
//! Chess960 starts and 10,000 seeded playout positions): staged generation, `is_legal` on all
//! 65,536 encodings, `gives_check` against play-then-look, make/unmake against copy-make, SAN
//! round trips, and the game-state helpers.

use crate::common;

use common::{corpus, roots};
use movegen::{Board, Color, Move, MoveKind, Outcome, SanError, Square};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};
use std::sync::OnceLock;

fn positions() -> &'static [Board] {
    static CORPUS: OnceLock<Vec<Board>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let boards = corpus();
        assert!(
            boards.len() > 11_000,
            "corpus of {} positions",
            boards.len()
        );
        println!("corpus: {} positions", boards.len());
        boards
    })
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<u16> {
    let mut raw: Vec<u16> = moves.into_iter().map(Move::raw).collect();
    raw.sort_unstable();
    raw
}

/// Noisy by definition, decided from the board rather than by the generator's masks.
fn is_noisy(board: &Board, mv: Move) -> bool {
    let captures = !mv.is_castling()
        && board
            .piece_at(mv.to())
            .is_some_and(|p| p.color != board.side_to_move());
    captures || mv.kind() == MoveKind::EnPassant || mv.promotion().is_some()
}

#[test]
fn stages_partition_the_legal_moves() {
    let (mut noisy_total, mut evasion_positions) = (0, 0);
    for board in positions() {
        let legal = board.legal_moves();
        let noisy = board.noisy_moves();
        let quiet = board.quiet_moves();
        let want_noisy: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| is_noisy(board, m))
            .collect();
        assert_eq!(sorted(noisy.iter().copied()), sorted(want_noisy), "{board}");
        let mut both = sorted(noisy.iter().copied());
        both.extend(sorted(quiet.iter().copied()));
        let n = both.len();
        both.sort_unstable();
        both.dedup();
        assert_eq!(both.len(), n, "stages overlap in {board}");
        assert_eq!(both, sorted(legal.iter().copied()), "{board}");
        let evasions = board.evasions();
        if board.in_check() {
            evasion_positions += 1;
            assert_eq!(
                sorted(evasions.iter().copied()),
                sorted(legal.iter().copied())
            );
        } else {
            assert!(evasions.is_empty());
        }
        noisy_total += noisy.len();
    }
    assert!(noisy_total > 10_000 && evasion_positions > 100);
}

#[test]
fn is_legal_agrees_with_the_generator_on_all_encodings() {
    let mut legal_set = vec![false; 1 << 16];
    for board in positions() {
        let legal = board.legal_moves();
        for mv in &legal {
            legal_set[usize::from(mv.raw())] = true;
        }
        for raw in 0..=u16::MAX {
            let expected = legal_set[usize::from(raw)];
            let answer = Move::from_raw(raw).is_some_and(|mv| board.is_legal(mv));
            assert_eq!(answer, expected, "{board}: raw {raw:#06x}");
        }
        for mv in &legal {
            legal_set[usize::from(mv.raw())] = false;
        }
    }
}

#[test]
fn gives_check_matches_play_then_look() {
    // Counts per kind of check, so the corpus is known to cover each of them.
    let (mut direct, mut discovered, mut castling, mut en_passant) = (0, 0, 0, 0);
    for board in positions() {
        for &mv in &board.legal_moves() {
            let after = board.play_unchecked(mv);
            let checks = after.in_check();
            assert_eq!(board.gives_check(mv), checks, "{board} {mv}");
            if !checks {
                continue;
            }
            let moved_to = if mv.is_castling() {
                // The rook lands next to the king's destination.
                let king_to = mv.castling_king_target();
                let rook_file = if mv.to() > mv.from() { 5 } else { 3 };
                Square::from_coords(movegen::File::new(rook_file), king_to.rank())
            } else {
                mv.to()
            };
            if mv.is_castling() {
                castling += 1;
            } else if mv.kind() == MoveKind::EnPassant {
                en_passant += 1;
            }
            if after.checkers().contains(moved_to) {
                direct += 1;
            } else {
                discovered += 1;
            }
        }
    }
    println!(
        "checks: direct {direct}, discovered {discovered}, castling {castling}, en passant {en_passant}"
    );
    assert!(
        direct > 1000 && discovered > 100 && castling > 0 && en_passant > 0,
        "direct {direct}, discovered {discovered}, castling {castling}, en passant {en_passant}"
    );
}

#[test]
fn checkers_in_check_and_attackers_to() {
    let board = Board::from_fen("4k3/8/5N2/8/8/8/8/K3R3 b - - 0 1").unwrap();
    assert!(board.in_check());
    assert_eq!(board.checkers().count(), 2);
    let attackers = board.attackers_to(Square::E8, board.occupied());
    assert_eq!(attackers, board.checkers());
    // Lifting the rook's blocker (here: nothing) changes nothing; removing the rook's line does.
    let without_e1 = board.occupied().without(Square::E1);
    assert_eq!(board.attackers_to(Square::E8, without_e1).count(), 2);
    for board in positions() {
        let us = board.side_to_move();
        let king = board.king(us);
        assert_eq!(
            board.checkers(),
            board.attackers_to(king, board.occupied()) & board.colored(us.other())
        );
    }
}

/// Checks the whole board: equality (placement, rights and rooks, e.p., side, clocks, hash),
/// the square-to-piece mailbox, and the hash against one computed from scratch.
fn assert_same(board: &Board, expected: &Board, context: &str) {
    assert_eq!(board, expected, "{context}");
    assert_eq!(board.hash(), board.compute_hash(), "{context}");
    for i in 0..64 {
        let sq = Square::new(i);
        assert_eq!(
            board.piece_at(sq),
            expected.piece_at(sq),
            "{context} {sq:?}"
        );
    }
}

#[test]
fn make_unmake_and_null_moves_restore_everything() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x0dd5);
    let mut plies = 0;
    for root in roots() {
        for _ in 0..20 {
            let mut board = root;
            let mut stack = Vec::new();
            for _ in 0..120 {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let before = board;
                if rng.next_u64() % 8 == 0
                    && let Some(undo) = board.make_null()
                {
                    assert_same(&board, &before.null_move().unwrap(), "null move");
                    assert_eq!(board.side_to_move(), before.side_to_move().other());
                    stack.push((None, undo, before));
                    continue;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                let undo = board.make(mv);
                assert_same(
                    &board,
                    &before.play_unchecked(mv),
                    &format!("{before} {mv}"),
                );
                stack.push((Some(mv), undo, before));
                plies += 1;
            }
            while let Some((mv, undo, before)) = stack.pop() {
                match mv {
                    Some(mv) => board.unmake(mv, undo),
                    None => board.unmake_null(undo),
                }
                assert_same(&board, &before, &format!("unmake {mv:?}"));
            }
            assert_same(&board, &root, "back at the root");
        }
    }
    assert!(plies > 5_000);
    // No null move in check.
    let mut check = Board::from_fen("4k3/8/8/8/8/8/8/K3R3 b - - 0 1").unwrap();
    assert_eq!(check.make_null(), None);
    assert_eq!(check.null_move(), None);
}

#[test]
fn san_round_trips_on_the_corpus() {
    let mut moves = 0;
    for board in positions() {
        for &mv in &board.legal_moves() {
            let san = board.san(mv);
            assert_eq!(board.parse_san(san.as_str()), Ok(mv), "{board} {mv} {san}");
            assert_eq!(
                board.parse_san_lenient(san.as_str()),
                Ok(mv),
                "{board} {san}"
            );
            moves += 1;
        }
    }
    assert!(moves > 300_000);
}

#[test]
fn san_output() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "g1f3",
            "Nf3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
            "e4",
        ),
        // Fool's mate.
        (
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "d8h4",
            "Qh4#",
        ),
        // Disambiguation by file, by rank, and by both.
        ("4k3/8/8/8/8/8/7K/R6R w - - 0 1", "a1d1", "Rad1"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"),
        ("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", "c3d2", "Qc3d2"),
        // A pinned rival does not count: with the f1 knight pinned, Nd2 is enough.
        ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"),
        ("4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "b1d2", "Nd2"),
        // Captures, en passant, promotions.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"),
        ("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q", "cxd8=Q+"),
        ("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8n", "c8=N"),
        // Castling, standard and Chess960 (king b1, rook h1).
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"),
        ("1k6/8/8/8/8/8/8/RK5R w HA - 0 1", "b1h1", "O-O"),
    ];
    for &(fen, uci, want) in cases {
        let board = Board::from_fen(fen).unwrap();
        let mv = board.parse_uci(uci).unwrap();
        assert_eq!(board.san(mv).as_str(), want, "{fen} {uci}");
        assert_eq!(board.parse_san(want), Ok(mv), "{fen} {want}");
    }
}

#[test]
fn san_input_strict_lenient_and_errors() {
    let start = Board::startpos();
    let kiwipete =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let uci = |b: &Board, s: &str| b.parse_uci(s).unwrap();
    // Lenient forms that strict parsing refuses, naming the standard text.
    let lenient: &[(&Board, &str, &str, &str)] = &[
        (&start, "Ngf3", "g1f3", "Nf3"),
        (&start, " Nf3 ", "g1f3", "Nf3"),
        (&start, "Nf3!?", "g1f3", "Nf3"),
        (&start, "Nf3+", "g1f3", "Nf3"),
        (&kiwipete, "0-0", "e1g1", "O-O"),
        (&kiwipete, "0-0-0", "e1c1", "O-O-O"),
        (&kiwipete, "Ne5f7", "e5f7", "Nxf7"),
        (&kiwipete, "Nf7", "e5f7", "Nxf7"),
        (&kiwipete, "Pd6", "d5d6", "d6"),
    ];
    for &(board, text, want, standard) in lenient {
        let mv = uci(board, want);
        assert_eq!(board.parse_san_lenient(text), Ok(mv), "{text}");
        match board.parse_san(text) {
            Err(SanError::NotStandard { expected }) => assert_eq!(expected.as_str(), standard),
            other => panic!("{text}: {other:?}"),
        }
    }
    let promotion = Board::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    for text in ["b8=Q+", "b8Q+", "b8q", "b8=q"] {
        assert_eq!(
            promotion.parse_san_lenient(text),
            Ok(uci(&promotion, "b7b8q")),
            "{text}"
        );
    }
    let rooks = Board::from_fen("4k3/8/8/8/8/8/7K/R6R w - - 0 1").unwrap();
    let errors: &[(&Board, &str, SanError)] = &[
        (&start, "", SanError::Syntax),
        (&start, "Xf3", SanError::Syntax),
        (&start, "Nf9", SanError::Syntax),
        (&start, "e2e4", SanError::Syntax),
        (&start, "Nf3Nf3", SanError::Syntax),
        (&start, "e", SanError::Syntax),
        (&start, "Nf4", SanError::Illegal),
        (&start, "e5", SanError::Illegal),
        (&start, "O-O", SanError::Illegal),
        (&start, "exd3", SanError::Illegal),
        (&rooks, "Rd1", SanError::Ambiguous),
        (&kiwipete, "Rb8", SanError::Illegal),
        (&promotion, "b8", SanError::Illegal),
        (&promotion, "b8=K", SanError::Syntax),
    ];
    for &(board, text, want) in errors {
        assert_eq!(board.parse_san_lenient(text), Err(want), "{text:?}");
        assert_eq!(board.parse_san(text), Err(want), "{text:?}");
        assert!(!want.to_string().is_empty());
    }
}

fn fen(text: &str) -> Board {
    Board::from_fen(text).unwrap()
}

#[test]
fn game_state_helpers() {
    let mate = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mate.is_checkmate() && !mate.is_stalemate());
    assert_eq!(
        mate.outcome(&[]),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate() && !stalemate.is_checkmate());
    assert_eq!(stalemate.outcome(&[]), Some(Outcome::Stalemate));
    // Insufficient material.
    for text in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/4K3 w - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/B1B1K1B1 w - - 0 1",
    ] {
        assert!(fen(text).has_insufficient_material(), "{text}");
        assert_eq!(fen(text).outcome(&[]), Some(Outcome::InsufficientMaterial));
    }
    for text in [
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
    ] {
        assert!(!fen(text).has_insufficient_material(), "{text}");
    }
    // Fifty moves: 100 plies; a mate on the hundredth ply still counts as mate.
    let quiet = fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert!(!quiet.is_fifty_moves() && quiet.outcome(&[]).is_none());
    let drawn = quiet.play(quiet.parse_uci("a1a2").unwrap()).unwrap();
    assert!(drawn.is_fifty_moves());
    assert_eq!(drawn.outcome(&[]), Some(Outcome::FiftyMoves));
    let mated = fen("4k3/R7/8/8/8/8/8/1R2K3 w - - 99 80");
    let after = mated.play(mated.parse_uci("b1b8").unwrap()).unwrap();
    assert_eq!(
        after.outcome(&[]),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn repetitions_from_a_key_history() {
    let mut board = Board::startpos();
    let mut history: Vec<u64> = Vec::new();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut seen = Vec::new();
    for round in 0..2 {
        for uci in shuffle {
            seen.push(board.repetitions(&history));
            history.push(board.hash());
            board = board.play(board.parse_uci(uci).unwrap()).unwrap();
        }
        assert_eq!(board.repetitions(&history), round + 1);
    }
    assert_eq!(seen, [0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(board.outcome(&history), Some(Outcome::ThreefoldRepetition));
    // A pawn move resets the clock: older positions no longer count.
    history.push(board.hash());
    let board = board.play(board.parse_uci("e2e4").unwrap()).unwrap();
    assert_eq!(board.repetitions(&history), 0);
    // The same placement with the other side to move is not a repetition.
    let mut history = Vec::new();
    let mut board = Board::startpos();
    for uci in ["g1f3", "g8f6", "f3g1"] {
        history.push(board.hash());
        board = board.play(board.parse_uci(uci).unwrap()).unwrap();
    }
    assert_eq!(board.repetitions(&history), 0);
}

#[test]
fn generate_moves_to_gives_the_legal_moves_onto_the_targets() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(30);
    for board in positions() {
        let theirs = board.colored(board.side_to_move().other());
        for targets in [
            theirs,
            !board.occupied(),
            movegen::Bitboard(rng.next_u64()),
            movegen::Bitboard::EMPTY,
            movegen::Bitboard::FULL,
        ] {
            let mut got = Vec::new();
            board.generate_moves_to(targets, |moves| {
                assert!(moves.to.any() && moves.to.is_subset(targets), "{board}");
                got.extend(moves.moves());
                false
            });
            let expected = board
                .legal_moves()
                .into_iter()
                .filter(|mv| targets.contains(mv.to()));
            assert_eq!(sorted(got), sorted(expected), "{board} {targets:?}");
        }
    }
}

#[test]
fn pinned_pieces_stand_alone_between_king_and_slider() {
    for board in positions() {
        let us = board.side_to_move();
        let king = board.king(us);
        // Slow definition: lift each of our pieces; it is pinned when an enemy slider then
        // attacks our king along the line through it, and did not before.
        let mut expected = movegen::Bitboard::EMPTY;
        for sq in board.colored(us) - board.colored_pieces(us, movegen::Role::King) {
            let lifted = board.occupied().without(sq);
            let before = board.attackers_to(king, board.occupied());
            let after = board.attackers_to(king, lifted) & board.colored(us.other());
            let sliders = board.bishop_movers() | board.rook_movers();
            let newly = (after - before) & sliders;
            if newly.squares().any(|s| movegen::line(king, s).contains(sq)) {
                expected = expected.with(sq);
            }
        }
        assert_eq!(board.pinned(), expected, "{board}");
    }
}
