//! The embedding API as a user meets it (issue 9): unambiguous UCI text in every position, edge
//! values of every public function, moves built from squares, checked conversions, the size
//! of `Undo`, the common traits, iterators and errors. Each test names the defect it guards.

use crate::common;

use common::corpus;
use movegen::perft::{Table, divide_parallel, perft_hashed};
use movegen::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, FenError, File, Move, MoveKind, MoveList,
    Outcome, Piece, PositionError, Rank, Role, Square, Stats, SyntaxError, Uci, UciError, Undo,
    perft, perft_divide, perft_stats,
};
use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Duration;

fn positions() -> &'static [Board] {
    static CORPUS: OnceLock<Vec<Board>> = OnceLock::new();
    CORPUS.get_or_init(corpus)
}

fn fen(text: &str) -> Board {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ----- 1. UCI text is unambiguous in every position -----

#[test]
fn uci_text_round_trips_for_every_legal_move_of_the_corpus() {
    let (mut moves, mut chess960_positions) = (0, 0);
    for board in positions() {
        chess960_positions += usize::from(board.is_chess960());
        let mut texts = HashSet::new();
        for mv in board.legal_moves() {
            let text = board.uci(mv);
            assert_eq!(board.parse_uci(text.as_str()), Ok(mv), "{board} {mv:?}");
            assert!(texts.insert(text), "{board}: {text} written for two moves");
            // King-takes-rook is unambiguous whatever the game.
            assert_eq!(
                board.parse_uci(mv.uci_chess960().as_str()),
                Ok(mv),
                "{board}"
            );
            if !board.is_chess960() {
                assert_eq!(
                    text,
                    mv.uci(),
                    "{board}: standard notation in standard chess"
                );
            }
            moves += 1;
        }
    }
    println!("{moves} moves, {chess960_positions} Chess960 positions");
    assert!(chess960_positions >= 960);
}

#[test]
fn chess960_castling_text_is_not_the_kings_step() {
    // Regression: queen-side castling and Kc1 both printed b1c1.
    let board = fen("1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
    let castle = Move::new(Square::B1, Square::A1, MoveKind::Castling);
    let step = Move::new(Square::B1, Square::C1, MoveKind::Normal);
    assert!(board.is_legal(castle) && board.is_legal(step));
    assert_eq!(
        castle.to_string(),
        step.to_string(),
        "bare Display, documented"
    );
    assert_eq!(board.uci(castle).as_str(), "b1a1");
    assert_eq!(board.uci(step).as_str(), "b1c1");
    // Regression: with the king on g1 and the rook on h1, castling printed g1g1.
    let board = fen("1k6/8/8/8/8/8/8/R5KR w HA - 0 1");
    let castle = Move::new(Square::G1, Square::H1, MoveKind::Castling);
    assert!(board.is_legal(castle));
    assert_eq!(castle.to_string(), "g1g1", "bare Display, documented");
    assert_eq!(board.uci(castle).as_str(), "g1h1");
    assert_eq!(board.parse_uci("g1h1"), Ok(castle));
    // Standard chess keeps e1g1.
    let board = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = board.parse_uci("e1h1").unwrap();
    assert_eq!(board.uci(castle).as_str(), "e1g1");
}

#[test]
fn uci_text_parses_without_a_board() {
    let text: Uci = "a7a8q".parse().unwrap();
    assert_eq!(text.from(), Square::A7);
    assert_eq!(text.to(), Square::A8);
    assert_eq!(text.promotion(), Some(Role::Queen));
    assert_eq!(text.as_str(), "a7a8q");
    for bad in [
        "", "e2", "e2e", "e2e9", "i2e4", "e2e4k", "e2e4qq", "E2E4", "e2e4 ", "00000", "0000q",
        "000",
    ] {
        assert_eq!(bad.parse::<Uci>(), Err(UciError::Syntax), "{bad:?}");
    }
    // `0000`, the protocol's null move: text that reads, and a move no position has.
    let null: Uci = "0000".parse().unwrap();
    assert!(null.is_null() && !text.is_null());
    assert_eq!(
        (null.from(), null.to(), null.promotion()),
        (Square::A1, Square::A1, None)
    );
    assert_eq!(null, Move::NULL.uci());
    assert!(Board::startpos().parse_uci("0000").is_err());
}

// ----- 2. Edge values never panic and give what the documentation says -----

#[test]
fn depth_zero_and_one_everywhere() {
    let startpos = Board::startpos();
    let mated = fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let table = Table::new(1).unwrap();
    for board in [startpos, mated, stalemate] {
        let moves = board.legal_moves().len() as u64;
        assert_eq!(perft(&board, 0), 1);
        assert_eq!(perft(&board, 1), moves);
        assert_eq!(perft_hashed(&board, 0, &table), 1);
        assert_eq!(perft_hashed(&board, 1, &table), moves);
        assert_eq!(perft_stats(&board, 0).nodes, 1);
        assert_eq!(perft_stats(&board, 1).nodes, moves);
        assert!(perft_divide(&board, 0).entries().is_empty());
        assert_eq!(perft_divide(&board, 0).total(), 0);
        assert_eq!(perft_divide(&board, 1).total(), moves);
        // Regression: usize::MAX threads overflowed `threads * 512` and tried to start them all.
        for threads in [0, 1, 2, usize::MAX] {
            // Regression: depth 0 overflowed (debug) or recursed forever (release).
            let divide = divide_parallel(&board, 0, threads, perft, Duration::ZERO, |_| {});
            assert!(divide.is_empty());
            let divide = divide_parallel(&board, 1, threads, perft, Duration::ZERO, |_| {});
            assert_eq!(divide.len() as u64, moves);
            assert!(divide.iter().all(|&(_, n)| n == 1));
            let divide = divide_parallel(&board, 2, threads, perft, Duration::ZERO, |_| {});
            assert_eq!(
                divide.iter().map(|&(_, n)| n).sum::<u64>(),
                perft(&board, 2)
            );
        }
    }
    // Published: 20 and 400 from the start position.
    assert_eq!(perft(&startpos, 1), 20);
    assert_eq!(perft(&startpos, 2), 400);
    assert_eq!(perft(&mated, 1), 0);
    assert_eq!(perft(&stalemate, 3), 0);
}

/// Seeded tables: published counts with any seed, and the entries of one seed are not found
/// by another (a second run shares no entry, so no collision, with the first).
#[test]
fn seeded_tables_count_the_same_and_keep_apart() {
    // Kiwipete at depth 4, position 3 at depth 5: 4,085,603 and 674,624 (CPW).
    let kiwipete = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let position3 = fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    for seed in [0, 1, 2, u64::MAX] {
        let table = Table::with_seed(1, seed).unwrap();
        assert_eq!(table.seed(), seed);
        assert_eq!(perft_hashed(&kiwipete, 4, &table), 4_085_603);
        assert_eq!(perft_hashed(&position3, 5, &table), 674_624);
    }
    assert_eq!(Table::new(1).unwrap().seed(), 0);
    let (a, b, zero) = (
        Table::with_seed(1, 7).unwrap(),
        Table::with_seed(1, 8).unwrap(),
        Table::with_seed(1, 0).unwrap(),
    );
    let start = Board::startpos();
    a.store(&start, 3, 8902);
    assert_eq!(a.probe(&start, 3), Some(8902));
    assert_eq!(b.probe(&start, 3), None);
    assert_eq!(zero.probe(&start, 3), None);
    let plain = Table::new(1).unwrap();
    assert_eq!(
        perft_hashed(&kiwipete, 3, &plain),
        perft_hashed(&kiwipete, 3, &zero)
    );
}

#[test]
fn tables_empty_lists_and_histories() {
    assert!(Table::new(0).is_none());
    assert!(Table::new(usize::MAX).is_none());
    let table = Table::new(1).unwrap();
    assert_eq!(table.bytes(), 1 << 20);
    assert_eq!(format!("{table:?}"), "Table { bytes: 1048576 }");
    assert_eq!(table.probe(&Board::startpos(), 3), None);

    let mated = fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(mated.legal_moves().is_empty());
    assert!(mated.legal_moves().into_iter().next().is_none());
    let (noisy, quiet) = mated.noisy_and_quiet_moves();
    assert!(noisy.is_empty() && quiet.is_empty());
    assert!(mated.evasions().is_empty());
    assert_eq!(mated.count_moves(), 0);
    assert!(mated.is_checkmate());
    assert_eq!(mated.repetitions(&[]), 0);
    assert_eq!(
        mated.outcome(&[]),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    let empty = MoveList::new();
    assert_eq!(empty.len(), 0);
    assert_eq!(empty, MoveList::default());
    assert_eq!(Bitboard::EMPTY.squares().count(), 0);
    assert_eq!(Bitboard::EMPTY.first(), None);
}

// ----- 3. play_unchecked's result cannot be dropped; illegal moves fail in debug builds -----

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "is illegal")]
fn play_unchecked_asserts_legality_in_debug_builds() {
    let board = Board::startpos();
    let _ = board.play_unchecked(Move::new(Square::E2, Square::E5, MoveKind::Normal));
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "is illegal")]
fn make_asserts_legality_in_debug_builds() {
    let mut board = Board::startpos();
    let _ = board.make(Move::new(Square::E2, Square::E4, MoveKind::Normal));
}

// ----- 4. Moves from squares -----

#[test]
fn a_move_from_squares_is_found_with_its_kind() {
    let board = Board::startpos();
    // Regression: `Move::new(E2, E4, Normal)` is not e2e4, and nothing said so.
    let built = Move::new(Square::E2, Square::E4, MoveKind::Normal);
    assert!(!board.is_legal(built));
    let error = board.play(built).unwrap_err();
    assert_eq!(error.refused(), built);
    let e2e4 = board.find_move(Square::E2, Square::E4, None).unwrap();
    assert_eq!(e2e4.kind(), MoveKind::DoublePush);
    assert_eq!(error.legal(), Some(e2e4));
    let message = error.to_string();
    assert!(
        message.contains("(normal)") && message.contains("(double push)"),
        "{message}"
    );
    let nonsense = Move::new(Square::E2, Square::E6, MoveKind::Normal);
    assert_eq!(
        board.play(nonsense).unwrap_err().to_string(),
        "illegal move e2e6 (normal)"
    );
    assert_eq!(
        board.find_move(Square::E7, Square::E5, None),
        None,
        "not White's pawn"
    );
}

#[test]
fn find_move_finds_every_legal_move_of_the_corpus() {
    for board in positions() {
        for mv in board.legal_moves() {
            assert_eq!(
                board.find_move(mv.from(), mv.to(), mv.promotion()),
                Some(mv),
                "{board}"
            );
            if mv.is_castling() && mv.castling_king_target() != mv.from() {
                let by_destination = board.find_move(mv.from(), mv.castling_king_target(), None);
                // The king's own step to that square, if legal, comes first (Chess960).
                let step = Move::new(mv.from(), mv.castling_king_target(), MoveKind::Normal);
                let expected = if board.is_legal(step) { step } else { mv };
                assert_eq!(by_destination, Some(expected), "{board} {mv:?}");
            }
        }
    }
}

// ----- 5. Conversions that do not wrap -----

#[test]
fn out_of_range_numbers_are_errors() {
    // Regression: Square::new(64) was A1 and File::new(9) was B.
    assert_eq!(Square::try_from(0u8), Ok(Square::A1));
    assert_eq!(Square::try_from(63usize), Ok(Square::H8));
    let error = Square::try_from(64u8).unwrap_err();
    assert_eq!(error.value(), 64);
    assert_eq!(
        error.to_string(),
        "square index 64 is out of range (0 to 63)"
    );
    assert!(Square::try_from(u32::MAX).is_err());
    assert!(Square::try_from(usize::MAX).is_err());
    assert_eq!(File::try_from(7u8), Ok(File::H));
    assert_eq!(
        File::try_from(9u8).unwrap_err().to_string(),
        "file index 9 is out of range (0 to 7)"
    );
    assert_eq!(Rank::try_from(7u32), Ok(Rank::Eighth));
    assert!(Rank::try_from(8u32).is_err());
    assert_eq!(Square::from_index(64), None);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "square index out of range")]
fn unchecked_square_asserts_in_debug_builds() {
    let _ = Square::new(std::hint::black_box(64));
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "file index out of range")]
fn unchecked_file_asserts_in_debug_builds() {
    let _ = File::new(std::hint::black_box(9));
}

// ----- 6. Undo is as small as documented -----

#[test]
fn undo_is_16_bytes() {
    // Regression: the documentation said 16 bytes, the type had 24.
    assert_eq!(std::mem::size_of::<Undo>(), 16);
    assert!(std::mem::size_of::<Board>() < 128);
}

// ----- 7. Common traits -----

#[test]
fn boards_in_hash_sets_and_positions_without_clocks() {
    let mut seen = HashSet::new();
    for board in positions().iter().take(5_000) {
        seen.insert(*board);
        assert!(seen.contains(board));
    }
    let a = fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let b = fen("4k3/8/8/8/8/8/8/4K2R w K - 30 60");
    assert!(a.same_position(&b));
    assert_ne!(a, b);
    let c = fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert!(!a.same_position(&c));
    let set: HashSet<Board> = [a, b, a].into_iter().collect();
    assert_eq!(set.len(), 2);
}

#[test]
fn text_in_and_out_of_the_small_types() {
    for sq in Square::ALL {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(Square::ALL[sq.index()], sq);
    }
    for file in File::ALL {
        assert_eq!(file.to_string().parse::<File>(), Ok(file));
        assert_eq!(File::ALL[file.index()], file);
    }
    for rank in Rank::ALL {
        assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        assert_eq!(Rank::ALL[rank.index()], rank);
    }
    for color in Color::ALL {
        assert_eq!(color.to_string().parse::<Color>(), Ok(color));
        assert_eq!(Color::ALL[color.index()], color);
        for role in Role::ALL {
            let piece = Piece { color, role };
            assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
        }
    }
    for role in Role::ALL {
        assert_eq!(role.to_string().parse::<Role>(), Ok(role));
        assert_eq!(role.char().to_string().parse::<Role>(), Ok(role));
        assert_eq!(Role::ALL[role.index()], role);
    }
    for kind in MoveKind::ALL {
        assert_eq!(MoveKind::ALL[kind.index()], kind);
        assert!(!kind.to_string().is_empty());
    }
    for side in CastlingSide::ALL {
        assert_eq!(CastlingSide::ALL[side.index()], side);
    }
    assert_eq!(Color::White.to_string(), "white");
    assert_eq!(Role::Knight.to_string(), "knight");
    assert_eq!(Piece::from_char('n').unwrap().to_string(), "n");
    for bad in ["", "e", "e0", "i1", "E4", "e44"] {
        let error = bad.parse::<Square>().unwrap_err();
        assert_eq!(error.to_string(), "expected a square such as e4", "{bad:?}");
    }
    assert!("x".parse::<Color>().is_err());
    assert!("Knight".parse::<Role>().is_err());
    assert!("".parse::<Piece>().is_err());
    let board: Board = movegen::STARTPOS.parse().unwrap();
    assert_eq!(board, Board::startpos());
    assert!("not a fen".parse::<Board>().is_err());
    assert_eq!(
        format!("{:?}", board.shredder_fen()),
        "ShredderFen(\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\")"
    );
    assert_eq!(Outcome::Stalemate.to_string(), "1/2-1/2 (stalemate)");
    assert_eq!(
        Outcome::Checkmate {
            winner: Color::Black
        }
        .to_string(),
        "0-1 (checkmate)"
    );
}

#[test]
fn castling_rights_are_a_type() {
    let board = fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    let rights = board.castling_rights();
    assert!(rights.has(Color::White, CastlingSide::KingSide));
    assert!(!rights.has(Color::White, CastlingSide::QueenSide));
    assert!(rights.has_any(Color::Black));
    assert_eq!(rights.len(), 2);
    assert_eq!(rights.to_string(), "Kq");
    assert_eq!(
        rights.iter().collect::<Vec<_>>(),
        [
            (Color::White, CastlingSide::KingSide),
            (Color::Black, CastlingSide::QueenSide)
        ]
    );
    assert_eq!(Board::startpos().castling_rights(), CastlingRights::ALL);
    assert_eq!(CastlingRights::ALL.to_string(), "KQkq");
    assert!(CastlingRights::NONE.is_empty());
    assert_eq!(
        CastlingRights::NONE.with(Color::Black, CastlingSide::KingSide),
        CastlingRights::ALL
            .without(Color::White, CastlingSide::KingSide)
            .without(Color::White, CastlingSide::QueenSide)
            .without(Color::Black, CastlingSide::QueenSide)
    );
}

// ----- 8. Iterators -----

#[test]
fn bitboards_and_move_lists_iterate_as_collections() {
    let board = Board::startpos();
    let pawns = board.colored_pieces(Color::White, Role::Pawn);
    // Regression: Bitboard's own any()/count() shadowed Iterator's, so this did not compile.
    assert!(pawns.squares().any(|sq| sq == Square::E2));
    assert_eq!(pawns.squares().filter(|sq| sq.file() < File::E).count(), 4);
    assert_eq!(pawns.count(), 8);
    assert!(pawns.any());
    let copy = pawns;
    let squares: Vec<Square> = copy.into_iter().collect();
    assert_eq!(squares.len(), 8);
    assert_eq!(copy, pawns, "iterating a copy leaves the set as it is");
    assert_eq!(pawns.squares().next_back(), Some(Square::H2));
    assert_eq!(squares.iter().copied().collect::<Bitboard>(), pawns);

    let mut n = 0;
    for mv in board.legal_moves() {
        assert!(board.is_legal(mv));
        n += 1;
    }
    assert_eq!(n, 20);
    let knight_moves: MoveList = board
        .legal_moves()
        .into_iter()
        .filter(|mv| board.role_at(mv.from()) == Some(Role::Knight))
        .collect();
    assert_eq!(knight_moves.len(), 4);
    let mut list = MoveList::new();
    list.extend(knight_moves.iter().copied());
    assert_eq!(list, knight_moves);
    assert_ne!(list, board.legal_moves());
    assert_eq!(board.legal_moves().into_iter().rev().count(), 20);
    assert_eq!(board.legal_moves().into_iter().len(), 20);
}

// ----- 9. Errors -----

#[test]
fn errors_chain_to_their_causes() {
    fn as_error<'a>(
        e: &'a (dyn core::error::Error + 'static),
    ) -> &'a (dyn core::error::Error + 'static) {
        e
    }
    let error = Board::from_fen("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
    assert_eq!(error, FenError::Syntax(SyntaxError::SideToMove));
    let source = as_error(&error).source().expect("a source");
    assert_eq!(
        source.downcast_ref::<SyntaxError>(),
        Some(&SyntaxError::SideToMove)
    );
    let error = Board::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    let source = as_error(&error).source().expect("a source");
    assert!(matches!(
        source.downcast_ref::<PositionError>(),
        Some(PositionError::KingCount { .. })
    ));
    let _: Box<dyn core::error::Error> = Box::new(SyntaxError::Castling);
    let _: Box<dyn core::error::Error> = Box::new(UciError::Illegal);
}

// ----- 11. Captures for move ordering; one pass for both stages -----

#[test]
fn captured_and_one_pass_stages_on_the_corpus() {
    let mut captures = 0;
    for board in positions() {
        let (noisy, quiet) = board.noisy_and_quiet_moves();
        assert_eq!(noisy, board.noisy_moves(), "{board}");
        assert_eq!(quiet, board.quiet_moves(), "{board}");
        for mv in board.legal_moves() {
            // After the move, count the opponent's pieces: a capture removes one.
            let before = board.colored(board.side_to_move().other());
            let after = board
                .play_unchecked(mv)
                .colored(board.side_to_move().other());
            let lost = (before & !after).squares().next();
            let expected = lost.map(|sq| board.role_at(sq).expect("a piece stood there"));
            assert_eq!(board.captured(mv), expected, "{board} {mv:?}");
            captures += usize::from(expected.is_some());
        }
    }
    assert!(captures > 10_000, "{captures}");
}

#[test]
fn stats_fields_follow_perft_csv() {
    let stats: Stats = perft_stats(&Board::startpos(), 3);
    // Published (Chess Programming Wiki): 8,902 nodes, 34 captures, 12 checks at depth 3.
    assert_eq!(stats.nodes, 8_902);
    assert_eq!(stats.captures, 34);
    assert_eq!(stats.checks, 12);
    assert_eq!(stats.fields()[0], ("nodes", 8_902));
}
