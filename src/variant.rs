//! Compiled variants of the hot loop, and which one runs.
//!
//! A build for a given CPU (`-C target-cpu=native`, this repository's default) has one
//! variant, [`Build`]: the slider backend `build.rs` chose and the target's instructions. A
//! build for no particular x86-64 CPU (`cargo install`, a distribution package, a wheel for
//! everyone: the target has no bmi2) also carries the perft recursion compiled for
//! x86-64-v2 (popcnt) and x86-64-v3 (with magic sliders, and with PEXT sliders); the CPU is
//! detected once, at the first perft, and the fastest variant it can run is used from then on
//! (cfg `movegen_dispatch`, set by `build.rs`; std only, since detection needs it).
//!
//! A variant is a type parameter of the generator (through [`Side::V`](crate::side::Side)):
//! the sliders come from [`Variant::rook`] and [`Variant::bishop`], and every function of the
//! hot path that is not inlined is defined with [`hot_fn!`], which compiles its body inside a
//! function with the variant's `#[target_feature]`s. The library's plain move generation API
//! (`legal_moves`, `generate_moves`, ...) runs the `Build` variant.

use crate::attacks::{Backend, bishop_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::types::Square;

/// One compiled variant of the hot loop: its instructions and its sliders.
pub(crate) trait Variant: Copy + core::fmt::Debug + 'static {
    /// Whether the hot functions are compiled for x86-64-v2 (popcnt, SSE4.2). Constant
    /// booleans rather than an enum of levels: see [`hot_fn!`].
    #[cfg_attr(not(movegen_dispatch), allow(dead_code))]
    const IS_V2: bool = false;
    /// Whether they are compiled for x86-64-v3 (AVX2, BMI1, BMI2, FMA, LZCNT, MOVBE).
    #[cfg_attr(not(movegen_dispatch), allow(dead_code))]
    const IS_V3: bool = false;
    /// Rook attacks, as [`rook_attacks`].
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard;
    /// Bishop attacks, as [`bishop_attacks`].
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard;
}

/// The build's own target and slider backend.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Build;

impl Variant for Build {
    #[inline(always)]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks(sq, occupied)
    }
    #[inline(always)]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks(sq, occupied)
    }
}

/// Defines a hot function `fn name<S: Side>(args) -> R { body }` that is not inlined and whose
/// body is compiled for `S::V`'s instructions: a wrapper, inlined, calls one of the body's
/// copies (`#[inline(never)]`, one per level). Arguments are passed as they are (a closure's
/// captures would go through memory: measured 4% slower on position 3), and the body must not
/// hand its work to a closure that is not inlined: a closure is compiled for the build's
/// baseline instructions, whatever variant calls it.
///
/// `hot_fn! { cold fn ... }` marks the copies `#[cold]`: for the shortcut's rare paths, which
/// then lie apart from the hot code (adding one no longer moves the hot loops) and whose calls
/// the caller lays out as unlikely.
macro_rules! hot_fn {
    (
        $(#[$meta:meta])*
        cold $vis:vis fn $name:ident<S: Side>($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block
    ) => {
        $crate::variant::hot_fn! { @copies [cold] $(#[$meta])* $vis fn $name<S: Side>($($arg: $ty),*) $(-> $ret)? $body }
    };
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident<S: Side>($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block
    ) => {
        $crate::variant::hot_fn! { @copies [] $(#[$meta])* $vis fn $name<S: Side>($($arg: $ty),*) $(-> $ret)? $body }
    };
    (
        @copies [$($cold:ident)?]
        $(#[$meta:meta])*
        $vis:vis fn $name:ident<S: Side>($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block
    ) => {
        $(#[$meta])*
        #[inline(always)]
        $vis fn $name<S: Side>($($arg: $ty),*) $(-> $ret)? {
            #[inline(always)]
            fn body<S: Side>($($arg: $ty),*) $(-> $ret)? $body

            $(#[$cold])?
            #[inline(never)]
            fn build<S: Side>($($arg: $ty),*) $(-> $ret)? {
                body::<S>($($arg),*)
            }

            #[cfg(movegen_dispatch)]
            #[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2,cmpxchg16b")]
            $(#[$cold])?
            #[inline(never)]
            unsafe fn v2<S: Side>($($arg: $ty),*) $(-> $ret)? {
                body::<S>($($arg),*)
            }

            #[cfg(movegen_dispatch)]
            #[target_feature(
                enable = "popcnt,sse3,ssse3,sse4.1,sse4.2,cmpxchg16b,avx,avx2,bmi1,bmi2,f16c,fma,lzcnt,movbe,xsave"
            )]
            $(#[$cold])?
            #[inline(never)]
            unsafe fn v3<S: Side>($($arg: $ty),*) $(-> $ret)? {
                body::<S>($($arg),*)
            }

            // `if` on constant booleans, not a `match` on the level: rustc leaves out the
            // branches a constant condition rules out when it collects what to compile, also
            // unoptimised, but not the arms of a constant `match` (a debug build compiled all
            // three copies of every hot function for every variant).
            #[cfg(movegen_dispatch)]
            if <S::V as $crate::variant::Variant>::IS_V3 {
                // SAFETY: V2 and V3 variants are only instantiated by `dispatch!`, after
                // `chosen()` found the CPU to have their instructions.
                return unsafe { v3::<S>($($arg),*) };
            } else if <S::V as $crate::variant::Variant>::IS_V2 {
                // SAFETY: as above.
                return unsafe { v2::<S>($($arg),*) };
            }
            build::<S>($($arg),*)
        }
    };
}
pub(crate) use hot_fn;

/// Whether this build dispatches at run time: the target allows it (cfg `movegen_dispatch`)
/// and either this crate is the one cargo was asked to build (`cargo install movegen`, this
/// repository's own builds and tests) or a dependent asked for the `dispatch` feature (the
/// Python package). A crate that merely depends on movegen does not compile the other
/// variants: they tripled its build time, for a perft that the engine API never runs.
#[cfg(movegen_dispatch)]
pub(crate) const DISPATCHED: bool =
    cfg!(feature = "dispatch") || option_env!("CARGO_PRIMARY_PACKAGE").is_some();

/// Calls `$f::<S>(args)` with `S` the side to move of `$board` (a `&Board`) in the variant that
/// runs on this CPU.
macro_rules! dispatch {
    ($board:expr, $f:ident ( $($arg:expr),* $(,)? )) => {{
        use $crate::side::{Black, White};
        use $crate::types::Color;
        #[allow(unused_imports)]
        use $crate::variant::Build;
        #[cfg(movegen_dispatch)]
        use $crate::variant::{V2, V3Magic, V3Pext};
        // Without dispatch the other variants are not even instantiated: the branch that
        // names them is under a constant `false`, which rustc does not collect, optimised or
        // not.
        #[cfg(movegen_dispatch)]
        let dispatched = $crate::variant::DISPATCHED;
        #[cfg(not(movegen_dispatch))]
        let dispatched = false;
        if !dispatched {
            match $board.side_to_move() {
                Color::White => $f::<White<Build>>($($arg),*),
                Color::Black => $f::<Black<Build>>($($arg),*),
            }
        } else {
            match ($board.side_to_move(), $crate::variant::chosen()) {
            #[cfg(movegen_dispatch)]
            (Color::White, $crate::variant::Chosen::V2) => $f::<White<V2>>($($arg),*),
            #[cfg(movegen_dispatch)]
            (Color::Black, $crate::variant::Chosen::V2) => $f::<Black<V2>>($($arg),*),
            #[cfg(movegen_dispatch)]
            (Color::White, $crate::variant::Chosen::V3Magic) => $f::<White<V3Magic>>($($arg),*),
            #[cfg(movegen_dispatch)]
            (Color::Black, $crate::variant::Chosen::V3Magic) => $f::<Black<V3Magic>>($($arg),*),
            #[cfg(movegen_dispatch)]
            (Color::White, $crate::variant::Chosen::V3Pext) => $f::<White<V3Pext>>($($arg),*),
            #[cfg(movegen_dispatch)]
            (Color::Black, $crate::variant::Chosen::V3Pext) => $f::<Black<V3Pext>>($($arg),*),
            (Color::White, _) => $f::<White<Build>>($($arg),*),
            (Color::Black, _) => $f::<Black<Build>>($($arg),*),
            }
        }
    }};
}
pub(crate) use dispatch;

/// The variant picked for this CPU.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Chosen {
    /// The build's own.
    Build,
    /// x86-64-v2, magic sliders.
    #[cfg(movegen_dispatch)]
    V2,
    /// x86-64-v3, magic sliders (CPUs whose pext is microcoded: AMD Zen 1 and Zen 2).
    #[cfg(movegen_dispatch)]
    V3Magic,
    /// x86-64-v3, PEXT sliders.
    #[cfg(movegen_dispatch)]
    V3Pext,
}

/// The variant that runs (detected once, then remembered).
#[cfg(not(movegen_dispatch))]
#[inline(always)]
pub(crate) fn chosen() -> Chosen {
    Chosen::Build
}

#[cfg(movegen_dispatch)]
pub(crate) use dispatched::{V2, V3Magic, V3Pext, chosen};

/// The name of what runs, as [`backend`] reports it.
fn describe(chosen: Chosen) -> (Backend, &'static str) {
    match chosen {
        Chosen::Build => (crate::attacks::BACKEND, "build"),
        #[cfg(movegen_dispatch)]
        Chosen::V2 => (Backend::Magic, "x86-64-v2"),
        #[cfg(movegen_dispatch)]
        Chosen::V3Magic => (Backend::Magic, "x86-64-v3-magic"),
        #[cfg(movegen_dispatch)]
        Chosen::V3Pext => (Backend::Pext, "x86-64-v3-pext"),
    }
}

/// What perft runs on this CPU: the slider backend and the compiled variant.
///
/// ```
/// use movegen::{BACKEND, backend};
///
/// let running = backend();
/// if running.variant() == "build" {
///     assert_eq!(running.sliders(), BACKEND); // compiled for this CPU: the build's choice
/// }
/// println!("perft runs {running}"); // e.g. "pext (x86-64-v3-pext, chosen at run time)"
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dispatch {
    sliders: Backend,
    variant: &'static str,
}

impl Dispatch {
    /// The slider backend that runs.
    #[must_use]
    pub fn sliders(&self) -> Backend {
        self.sliders
    }

    /// The compiled variant: `"build"` (the build's own target, no run-time choice), or, in a
    /// build for no particular x86-64 CPU, `"x86-64"` (the baseline), `"x86-64-v2"`,
    /// `"x86-64-v3-magic"` or `"x86-64-v3-pext"`.
    #[must_use]
    pub fn variant(&self) -> &'static str {
        self.variant
    }
}

impl core::fmt::Display for Dispatch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.variant == "build" {
            write!(f, "{} (compiled for the target CPU)", self.sliders)
        } else {
            write!(f, "{} ({}, chosen at run time)", self.sliders, self.variant)
        }
    }
}

/// What perft runs on this CPU. [`BACKEND`](crate::BACKEND) is the build's compile-time
/// choice; in a build for no particular x86-64 CPU the CPU is detected at the first call and
/// the fastest compiled variant it can run is used. The environment variable
/// `MOVEGEN_DISPATCH` (`x86-64`, `x86-64-v2`, `x86-64-v3-magic`, `x86-64-v3-pext`) forces a
/// variant if the CPU can run it, and is ignored otherwise (and in builds for a given CPU).
#[must_use]
pub fn backend() -> Dispatch {
    let (sliders, name) = describe(chosen());
    #[cfg(movegen_dispatch)]
    let name = if name == "build" && DISPATCHED {
        "x86-64"
    } else {
        name
    };
    Dispatch {
        sliders,
        variant: name,
    }
}

/// The rules `build.rs` applies, shared: which CPUs have microcoded pext.
#[cfg(movegen_dispatch)]
#[allow(dead_code)]
#[path = "../gen/backend.rs"]
mod rules;

#[cfg(movegen_dispatch)]
mod dispatched {
    use super::{Chosen, Variant};
    use crate::attacks::{bishop_attacks, bishop_attacks_pext, rook_attacks, rook_attacks_pext};
    use crate::bitboard::Bitboard;
    use crate::types::Square;
    use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

    use super::rules;

    /// x86-64-v2 instructions, magic sliders.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct V2;
    /// x86-64-v3 instructions, magic sliders.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct V3Magic;
    /// x86-64-v3 instructions, PEXT sliders.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct V3Pext;

    /// The variants with the build's (magic) sliders: only their instructions differ.
    macro_rules! magic_variant {
        ($variant:ty, $v3:expr) => {
            impl Variant for $variant {
                const IS_V2: bool = !$v3;
                const IS_V3: bool = $v3;
                #[inline(always)]
                fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
                    rook_attacks(sq, occupied)
                }
                #[inline(always)]
                fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
                    bishop_attacks(sq, occupied)
                }
            }
        };
    }
    magic_variant!(V2, false);
    magic_variant!(V3Magic, true);

    impl Variant for V3Pext {
        const IS_V3: bool = true;
        #[inline(always)]
        fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
            // SAFETY: V3Pext is chosen only on CPUs with bmi2 (`detect`).
            unsafe { rook_attacks_pext(sq, occupied) }
        }
        #[inline(always)]
        fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
            // SAFETY: as above.
            unsafe { bishop_attacks_pext(sq, occupied) }
        }
    }

    /// 0 until detected, then the index of the [`Chosen`] variant plus one.
    static CHOSEN: AtomicU8 = AtomicU8::new(0);
    const ORDER: [Chosen; 4] = [Chosen::Build, Chosen::V2, Chosen::V3Magic, Chosen::V3Pext];

    /// The variant that runs (detected once, then remembered).
    #[inline(always)]
    pub(crate) fn chosen() -> Chosen {
        if !super::DISPATCHED {
            return Chosen::Build;
        }
        match CHOSEN.load(Relaxed) {
            0 => {
                let chosen = detect();
                let index = ORDER.iter().position(|&c| c == chosen).unwrap_or(0);
                CHOSEN.store(index as u8 + 1, Relaxed);
                chosen
            }
            n => ORDER[usize::from(n - 1) % ORDER.len()],
        }
    }

    /// The fastest variant this CPU runs, or the one `MOVEGEN_DISPATCH` asks for if it can.
    fn detect() -> Chosen {
        use std::arch::is_x86_feature_detected as has;
        let v2 = has!("popcnt")
            && has!("sse3")
            && has!("ssse3")
            && has!("sse4.1")
            && has!("sse4.2")
            && has!("cmpxchg16b");
        let v3 = v2
            && has!("avx")
            && has!("avx2")
            && has!("bmi1")
            && has!("bmi2")
            && has!("f16c")
            && has!("fma")
            && has!("lzcnt")
            && has!("movbe")
            && has!("xsave");
        let best = match (v3, v2) {
            (true, _) if !slow_pext() => Chosen::V3Pext,
            (true, _) => Chosen::V3Magic,
            (false, true) => Chosen::V2,
            (false, false) => Chosen::Build,
        };
        match std::env::var("MOVEGEN_DISPATCH").as_deref().map(str::trim) {
            Ok("x86-64") => Chosen::Build,
            Ok("x86-64-v2") if v2 => Chosen::V2,
            Ok("x86-64-v3-magic") if v3 => Chosen::V3Magic,
            Ok("x86-64-v3-pext") if v3 => Chosen::V3Pext,
            _ => best,
        }
    }

    /// Whether this CPU's pext is microcoded (AMD before Zen 3), read with CPUID.
    fn slow_pext() -> bool {
        use core::arch::x86_64::__cpuid;
        #[allow(unused_unsafe)]
        // SAFETY: CPUID exists on every x86-64 CPU; leaves 0 and 1 always do.
        let (leaf0, leaf1) = unsafe { (__cpuid(0), __cpuid(1)) };
        let vendor: Vec<u8> = [leaf0.ebx, leaf0.edx, leaf0.ecx]
            .iter()
            .flat_map(|r| r.to_le_bytes())
            .collect();
        rules::slow_pext(&vendor, rules::cpuid_family(leaf1.eax))
    }
}
