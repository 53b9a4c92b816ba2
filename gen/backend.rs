//! Which slider backend a build uses, decided from what cargo says about the target (never
//! from `cfg!` in the build script, which describes the build host).

/// How slider attacks are indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Fancy magic bitboards: `(occupied & mask) * magic >> shift`.
    Magic,
    /// BMI2 parallel bit extract: `pext(occupied, mask)`.
    Pext,
}

/// What the build script knows about the target.
pub struct Target<'a> {
    /// `CARGO_CFG_TARGET_FEATURE`: comma-separated target features.
    pub features: &'a str,
    /// `CARGO_ENCODED_RUSTFLAGS`: rustflags separated by `\x1f`.
    pub rustflags: &'a str,
    /// The `MOVEGEN_BACKEND` environment variable, if set: `magic`, `pext` or `auto`.
    pub requested: Option<&'a str>,
    /// The target triple equals the host's (so `target-cpu=native` means this CPU).
    pub is_host: bool,
}

/// The backend for `target`, with the reason, or an error for contradictory settings.
/// `host_slow_pext` describes the host CPU if its `pext` is microcoded; it is asked only when the
/// build targets the host CPU (`-C target-cpu=native`).
pub fn choose(
    target: &Target,
    host_slow_pext: impl FnOnce() -> Option<String>,
) -> Result<(Backend, String), String> {
    let bmi2 = target.features.split(',').any(|f| f == "bmi2");
    match target.requested.map(str::trim) {
        None | Some("" | "auto") => {}
        Some("magic") => return Ok((Backend::Magic, "MOVEGEN_BACKEND=magic".into())),
        Some("pext") if !bmi2 => {
            return Err("MOVEGEN_BACKEND=pext needs a target with bmi2 \
                        (e.g. RUSTFLAGS=\"-C target-cpu=native\" or \"-C target-feature=+bmi2\")"
                .into());
        }
        Some("pext") => return Ok((Backend::Pext, "MOVEGEN_BACKEND=pext".into())),
        Some(other) => {
            return Err(format!(
                "MOVEGEN_BACKEND={other:?}: expected magic, pext or auto"
            ));
        }
    }
    if !bmi2 {
        return Ok((Backend::Magic, "target has no bmi2".into()));
    }
    Ok(match target_cpu(target.rustflags) {
        Some("native") if target.is_host => match host_slow_pext() {
            Some(cpu) => (
                Backend::Magic,
                format!("bmi2, but the host is {cpu} (microcoded pext)"),
            ),
            None => (Backend::Pext, "bmi2 on the host CPU".into()),
        },
        Some(cpu)
            if ["znver1", "znver2", "bdver"]
                .iter()
                .any(|slow| cpu.starts_with(slow)) =>
        {
            (
                Backend::Magic,
                format!("bmi2, but target-cpu={cpu} has microcoded pext"),
            )
        }
        _ => (Backend::Pext, "target has bmi2".into()),
    })
}

/// The `-C target-cpu=...` value among encoded rustflags; the last one wins, as in rustc.
pub fn target_cpu(rustflags: &str) -> Option<&str> {
    let mut cpu = None;
    let mut after_c = false;
    for flag in rustflags.split('\x1f') {
        let option = if after_c {
            Some(flag)
        } else {
            flag.strip_prefix("-C")
        };
        after_c = flag == "-C";
        if let Some(value) = option.and_then(|o| o.strip_prefix("target-cpu=")) {
            cpu = Some(value);
        }
    }
    cpu
}

/// Whether a CPU with this CPUID vendor string and family has microcoded `pext`: AMD family
/// 0x15 (Bulldozer to Excavator) and 0x17 (Zen 1, Zen 2). Zen 3 (0x19) and later are fast.
pub fn slow_pext(vendor: &[u8], family: u32) -> bool {
    vendor == b"AuthenticAMD" && matches!(family, 0x15 | 0x17)
}

/// The display family from CPUID leaf 1 `eax` (base family plus extended family when the base
/// is 0xf).
pub fn cpuid_family(eax: u32) -> u32 {
    let base = (eax >> 8) & 0xf;
    if base == 0xf {
        base + ((eax >> 20) & 0xff)
    } else {
        base
    }
}
