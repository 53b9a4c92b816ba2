//! Tests of moves, their text and the move list.

use super::*;
/// `MoveList::filled` (its `unsafe`) gives a whole list: empty when `fill` adds nothing,
/// and exactly the moves `fill` pushed otherwise, equal to a list made the plain way.
/// Valgrind's memcheck runs this test in CI.
#[test]
fn a_list_filled_in_place_is_whole() {
    let empty = MoveList::filled(|_| {});
    assert!(empty.is_empty());
    let moves = [
        Move::new(Square::E2, Square::E4, MoveKind::DoublePush),
        Move::new(Square::G1, Square::F3, MoveKind::Normal),
    ];
    let filled = MoveList::filled(|list| moves.iter().for_each(|&mv| list.push(mv)));
    let mut plain = MoveList::new();
    moves.iter().for_each(|&mv| plain.push(mv));
    assert_eq!(filled, plain);
    assert_eq!(&filled[..], &moves[..]);
}

/// Every 16-bit value: the ones from 1 to 32767 are moves whose raw value is that value,
/// through `from_raw`, `TryFrom` and `From`; 0 and 32768 up are refused. The parts of each
/// give it back through `Move::new`, except a1a1 of kind 1 (`Move::NULL`), which `new`
/// also gives for a1a1 of kind 0.
#[test]
fn every_raw_value_round_trips_or_is_refused() {
    for raw in 0..=u16::MAX {
        let mv = Move::from_raw(raw);
        assert_eq!(mv.is_some(), raw != 0 && raw < 0x8000, "{raw}");
        assert_eq!(Move::try_from(raw).ok(), mv, "{raw}");
        if let Some(mv) = mv {
            assert_eq!((mv.raw(), u16::from(mv)), (raw, raw));
            assert_eq!(
                Move::new(mv.from(), mv.to(), mv.kind()),
                mv,
                "{raw}: parts and value agree"
            );
            assert_eq!(mv.is_null(), raw == 0x1000);
        }
    }
    let (a, b) = (Move::from_raw(5).unwrap(), Move::from_raw(0x7000).unwrap());
    assert!(
        a < Move::NULL && Move::NULL < b,
        "Ord follows the raw value"
    );
    assert_eq!(
        Move::new(Square::A1, Square::A1, MoveKind::Normal),
        Move::NULL
    );
    assert_eq!(size_of::<Option<Move>>(), 2);
    assert_eq!(Move::from_raw(0), None);
}

#[test]
fn move_list_edits_like_a_vec() {
    let moves: Vec<Move> = (1..=6).map(|raw| Move::from_raw(raw).unwrap()).collect();
    let mut list: MoveList = moves.iter().copied().collect();
    let mut vec = moves.clone();
    list.retain(|mv| mv.raw() % 2 == 0);
    vec.retain(|mv| mv.raw() % 2 == 0);
    assert_eq!(&*list, &vec[..]);
    list.insert(1, moves[0]);
    vec.insert(1, moves[0]);
    list.insert(list.len(), moves[4]);
    vec.insert(vec.len(), moves[4]);
    assert_eq!(&*list, &vec[..]);
    assert_eq!(list.swap_remove(0), vec.swap_remove(0));
    assert_eq!(&*list, &vec[..]);
    assert_eq!(list.pop(), vec.pop());
    list.truncate(1);
    vec.truncate(1);
    assert_eq!(&*list, &vec[..]);
    list.clear();
    assert!(list.is_empty() && list.pop().is_none());
    // At capacity an insert changes nothing, as a push does.
    let raw = |i: u16| Move::from_raw(i + 1).unwrap();
    let mut full: MoveList = (0..MAX_MOVES as u16).map(raw).collect();
    full.insert(0, Move::NULL);
    full.push(Move::NULL);
    assert_eq!(full.len(), MAX_MOVES);
    assert_eq!(full[0], raw(0));
    assert_eq!(full[MAX_MOVES - 1], raw(MAX_MOVES as u16 - 1));
}

#[test]
#[should_panic(expected = "index 3 is not below the length 2")]
fn swap_remove_past_the_end_panics_as_documented() {
    let mut list: MoveList = [Move::NULL, Move::NULL].into_iter().collect();
    list.swap_remove(3);
}

#[test]
#[should_panic(expected = "index 3 is above the length 2")]
fn insert_past_the_end_panics_as_documented() {
    let mut list: MoveList = [Move::NULL, Move::NULL].into_iter().collect();
    list.insert(3, Move::NULL);
}

/// The list's slots start uninitialised: every way of reading it sees exactly the moves
/// pushed (CI runs this under valgrind memcheck, which reports a read of an unwritten slot).
#[test]
fn move_list_reads_only_what_was_pushed() {
    let moves: [Move; 3] = [
        Move::new(Square::E2, Square::E4, MoveKind::DoublePush),
        Move::new(Square::G1, Square::F3, MoveKind::Normal),
        Move::new(Square::A7, Square::A8, MoveKind::PromoteQueen),
    ];
    let mut list = MoveList::new();
    assert!(list.is_empty() && list.iter().next().is_none());
    list.extend(moves);
    assert_eq!(&*list, &moves);
    let copy = list.clone();
    assert_eq!(copy, list);
    list.sort_by_key(|mv| core::cmp::Reverse(mv.raw()));
    assert_eq!(
        list[0],
        moves.iter().copied().max_by_key(|mv| mv.raw()).unwrap()
    );
    let mut iter = copy.into_iter();
    assert_eq!(iter.next_back(), Some(moves[2]));
    assert_eq!(iter.next(), Some(moves[0]));
    assert_eq!(iter.next_back(), Some(moves[1]));
    assert_eq!((iter.next(), iter.next_back(), iter.len()), (None, None, 0));
    // Full: every slot written, the rest dropped, nothing read past the end.
    let mut full = MoveList::new();
    for i in 0..MAX_MOVES + 5 {
        full.push(Move::from_raw((i % 4096) as u16 + 1).unwrap());
    }
    assert_eq!(full.len(), MAX_MOVES);
    assert_eq!(full.last().map(|mv| mv.raw()), Some(MAX_MOVES as u16));
    assert_eq!(
        full.iter().map(|mv| usize::from(mv.raw())).sum::<usize>(),
        (1..=MAX_MOVES).sum()
    );
}
