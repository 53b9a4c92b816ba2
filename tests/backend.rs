//! The backend decision of `build.rs` (gen/backend.rs), for CPUs and flags this machine cannot
//! show: Zen 1/2 with `target-cpu=native`, explicit `target-cpu`s, the MOVEGEN_BACKEND override;
//! and what runs (`movegen::backend()`), the run-time choice of a build for no particular CPU.

#[path = "../gen/backend.rs"]
mod decision;

use decision::{Backend, Target, choose, cpuid_family, slow_pext, target_cpu};

fn target<'a>(features: &'a str, rustflags: &'a str) -> Target<'a> {
    Target {
        features,
        rustflags,
        requested: None,
        is_host: true,
    }
}

const BMI2: &str = "avx2,bmi1,bmi2,fma,popcnt";

#[test]
fn pext_only_where_it_is_fast() {
    let zen2 = || Some("AMD family 0x17".to_string());
    let intel = || None;
    let pick = |t: &Target, host: fn() -> Option<String>| choose(t, host).unwrap().0;
    assert_eq!(pick(&target("sse2", ""), intel), Backend::Magic, "no bmi2");
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-cpu=native"), intel),
        Backend::Pext
    );
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-cpu=native"), zen2),
        Backend::Magic,
        "native on Zen 2"
    );
    assert_eq!(
        pick(&target(BMI2, "-C\x1ftarget-cpu=native"), zen2),
        Backend::Magic,
        "split -C flag"
    );
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-cpu=znver1"), intel),
        Backend::Magic
    );
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-cpu=znver2"), intel),
        Backend::Magic
    );
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-cpu=bdver4"), intel),
        Backend::Magic
    );
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-cpu=znver3"), zen2),
        Backend::Pext,
        "explicit CPU wins"
    );
    assert_eq!(
        pick(&target(BMI2, "-Ctarget-feature=+bmi2"), zen2),
        Backend::Pext,
        "host not asked"
    );
    let cross = Target {
        is_host: false,
        ..target(BMI2, "-Ctarget-cpu=native")
    };
    assert_eq!(
        pick(&cross, zen2),
        Backend::Pext,
        "native of another host says nothing"
    );
}

#[test]
fn overrides() {
    let force_magic = Target {
        requested: Some("magic"),
        ..target(BMI2, "")
    };
    assert_eq!(choose(&force_magic, || None).unwrap().0, Backend::Magic);
    let force_pext = Target {
        requested: Some("pext"),
        ..target(BMI2, "-Ctarget-cpu=native")
    };
    assert_eq!(
        choose(&force_pext, || Some("Zen".into())).unwrap().0,
        Backend::Pext
    );
    let no_bmi2 = Target {
        requested: Some("pext"),
        ..target("sse2", "")
    };
    assert!(choose(&no_bmi2, || None).unwrap_err().contains("bmi2"));
    for auto in ["auto", "", " auto "] {
        let auto = Target {
            requested: Some(auto),
            ..target(BMI2, "")
        };
        assert_eq!(choose(&auto, || None).unwrap().0, Backend::Pext);
    }
    let typo = Target {
        requested: Some("pxet"),
        ..target(BMI2, "")
    };
    let error = choose(&typo, || None).unwrap_err();
    assert!(error.contains("expected magic, pext or auto"), "{error}");
}

#[test]
fn flag_and_cpuid_parsing() {
    assert_eq!(target_cpu(""), None);
    assert_eq!(target_cpu("-Ctarget-cpu=native"), Some("native"));
    assert_eq!(
        target_cpu("-C\x1ftarget-cpu=znver1\x1f-Copt-level=3"),
        Some("znver1")
    );
    assert_eq!(
        target_cpu("-Ctarget-cpu=znver1\x1f-Ctarget-cpu=native"),
        Some("native"),
        "last wins"
    );
    assert_eq!(target_cpu("-Ctarget-feature=+bmi2"), None);
    // EPYC 7551 (Zen 1): family 0xf + extended 0x8 = 0x17. Intel: family 6.
    assert_eq!(cpuid_family(0x0080_0f12), 0x17);
    assert_eq!(cpuid_family(0x0000_06f2), 6);
    assert_eq!(cpuid_family(0x00a0_0f11), 0x19);
    assert!(slow_pext(b"AuthenticAMD", 0x17));
    assert!(slow_pext(b"AuthenticAMD", 0x15));
    assert!(!slow_pext(b"AuthenticAMD", 0x19));
    assert!(!slow_pext(b"GenuineIntel", 0x17));
}

/// What runs is what `MOVEGEN_DISPATCH` asks for when it is set (CI runs the suites once per
/// compiled variant this way), and a build for a given CPU runs its compile-time backend.
#[test]
fn the_variant_that_runs() {
    let running = movegen::backend();
    let variants = [
        "build",
        "x86-64",
        "x86-64-v2",
        "x86-64-v3-magic",
        "x86-64-v3-pext",
    ];
    assert!(variants.contains(&running.variant()), "{running}");
    match running.variant() {
        "build" => assert_eq!(running.sliders(), movegen::BACKEND),
        "x86-64-v3-pext" => assert_eq!(running.sliders(), movegen::Backend::Pext),
        _ => assert_eq!(running.sliders(), movegen::Backend::Magic),
    }
    if let Ok(asked) = std::env::var("MOVEGEN_DISPATCH") {
        assert_eq!(running.variant(), asked.trim(), "{running}");
    }
    // One choice per process.
    assert_eq!(movegen::backend(), running);
    assert!(movegen::perft(&movegen::Board::startpos(), 4) == 197_281);
}
