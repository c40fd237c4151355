//! Large tables on large memory pages. The solve reads rows of the river
//! table and of its river decisions in an order no cache can
//! follow; with the usual 4 KB pages nearly every row read also misses the
//! processor's address-translation cache. Asking Linux for 2 MB pages on
//! these tables made the solve about a fifth faster when the table took
//! 713 MB (`docs/speed.md`).

/// Integers whose zero is all zero bits: a vector of them comes from
/// memory the system has not touched yet, so the advice below arrives
/// before the pages are chosen.
pub(crate) trait Zero: Copy {
    const ZERO: Self;
}

impl Zero for u16 {
    const ZERO: u16 = 0;
}

impl Zero for u32 {
    const ZERO: u32 = 0;
}

impl Zero for u64 {
    const ZERO: u64 = 0;
}

/// A vector of `n` zeros whose memory Linux is asked to back with 2 MB
/// pages (transparent huge pages, where the system allows them; elsewhere,
/// or if refused, ordinary pages: the contents are the same either way).
pub(crate) fn zeroed_on_large_pages<T: Zero>(n: usize) -> Vec<T> {
    let mut v = vec![T::ZERO; n];
    advise_large_pages(&mut v);
    v
}

/// A vector of `n` elements in the memory of `v` if it holds them, else
/// [`zeroed_on_large_pages`] (`v` freed first). Not zeroed when reused:
/// its first elements are `v`'s old ones, the others zero, so the caller
/// must write every element (memory written over costs no page faults).
pub(crate) fn to_be_written_over_on_large_pages<T: Zero>(mut v: Vec<T>, n: usize) -> Vec<T> {
    if v.capacity() < n {
        drop(v);
        return zeroed_on_large_pages(n);
    }
    v.truncate(n);
    v.resize(n, T::ZERO);
    v
}

#[cfg(target_os = "linux")]
fn advise_large_pages<T>(v: &mut [T]) {
    const LARGE: usize = 1 << 21;
    let start = v.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(v);
    // The whole 2 MB pages inside the vector.
    let (first, last) = (start.next_multiple_of(LARGE), end / LARGE * LARGE);
    if last > first {
        // SAFETY: the range lies inside memory this vector owns, and
        // MADV_HUGEPAGE is advice: it changes neither the contents nor the
        // validity of the memory. A refusal (an error code) is ignored.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_large_pages<T>(_: &mut [T]) {}
