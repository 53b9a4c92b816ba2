//! Rows written to a large output array with non-temporal (streaming) stores: each row is
//! composed in a small buffer that stays in the L1 cache, and every whole, aligned 64-byte
//! line of the destination is then stored around the caches. A batch of masks is 4,672 bytes
//! a position, far more than any cache: with ordinary stores each line is first read from
//! memory (to be owned) and later written back, and the row fill costs about 170 ns; streamed,
//! about 60 ns (this machine, see the commit). The partial lines at the ends of a range are
//! written with ordinary stores, so ranges written by different threads may share a line.

/// Bytes of a cache line, the unit of a streaming store.
const LINE: usize = 64;

/// Fills `out` with `rows` rows of `row` elements each, row `i` made by `fill(i, row)` (which
/// must write every element of the row it is given). `T` is a one-byte type (`u8`, `bool`).
pub(crate) fn fill_rows<T: Copy + Default>(
    out: &mut [T],
    row: usize,
    mut fill: impl FnMut(usize, &mut [T]),
) {
    const { assert!(size_of::<T>() == 1) };
    let rows = out.len() / row.max(1);
    // The bytes before the first aligned line are written with ordinary stores.
    let head = out.as_ptr().align_offset(LINE).min(out.len());
    let mut staging = vec![T::default(); row + LINE];
    // `staging[..pending]` holds `out[done..done + pending]`, not yet written.
    let (mut done, mut pending) = (0, 0);
    for i in 0..rows {
        fill(i, &mut staging[pending..pending + row]);
        let available = pending + row;
        let mut from = 0;
        if done < head {
            from = (head - done).min(available);
            out[done..done + from].copy_from_slice(&staging[..from]);
        }
        let lines = (available - from) / LINE;
        stream_lines(
            &mut out[done + from..done + from + lines * LINE],
            &staging[from..from + lines * LINE],
        );
        from += lines * LINE;
        staging.copy_within(from..available, 0);
        pending = available - from;
        done += from;
    }
    out[done..done + pending].copy_from_slice(&staging[..pending]);
    fence();
}

/// Copies whole lines from `source` to `destination` (line-aligned, both a multiple of
/// [`LINE`] long) with streaming stores: 64 bytes a store with AVX-512, 32 with AVX, else
/// 16 (SSE2, in every x86-64); ordinary stores on other architectures.
fn stream_lines<T: Copy>(destination: &mut [T], source: &[T]) {
    assert!(destination.len() == source.len() && destination.len().is_multiple_of(LINE));
    assert!(destination.is_empty() || destination.as_ptr().align_offset(LINE) == 0);
    #[cfg(target_arch = "x86_64")]
    {
        #[cfg(not(target_feature = "avx"))]
        use std::arch::x86_64::{
            __m128i as Chunk, _mm_loadu_si128 as load, _mm_stream_si128 as stream,
        };
        #[cfg(all(target_feature = "avx", not(target_feature = "avx512f")))]
        use std::arch::x86_64::{
            __m256i as Chunk, _mm256_loadu_si256 as load, _mm256_stream_si256 as stream,
        };
        #[cfg(target_feature = "avx512f")]
        use std::arch::x86_64::{
            __m512i as Chunk, _mm512_loadu_si512 as load, _mm512_stream_si512 as stream,
        };
        const WIDTH: usize = size_of::<Chunk>();
        for (to, from) in destination
            .chunks_exact_mut(WIDTH)
            .zip(source.chunks_exact(WIDTH))
        {
            // SAFETY: both chunks are WIDTH bytes (`T` is one byte: `fill_rows` asserts it),
            // so the unaligned load reads inside `source` and the store writes inside
            // `destination`. The store needs WIDTH-byte alignment: the destination is
            // line-aligned (asserted above) and WIDTH divides the line. The bytes stored are
            // copies of valid `T`s. The instructions' target feature is enabled at compile
            // time (the cfg of the `use`).
            unsafe {
                let value = load(from.as_ptr().cast::<Chunk>());
                stream(to.as_mut_ptr().cast::<Chunk>(), value);
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    destination.copy_from_slice(source);
}

/// Orders the streaming stores before whatever follows (they are weakly ordered), so the
/// rows are visible to the thread that joins this one, and to Python.
fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `sfence` has no operands and no preconditions (SSE, in every x86-64).
    unsafe {
        std::arch::x86_64::_mm_sfence();
    }
}
