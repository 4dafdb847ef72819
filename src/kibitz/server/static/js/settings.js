// Preferences kept in this browser: how long the animations take.

const SPEEDS = { slow: 1.6, normal: 1, fast: 0.4 };

export function speedSetting() {
  const kept = localStorage.getItem("kibitz.speed");
  return kept in SPEEDS || /^[0-9.]+$/.test(kept || "") ? kept : "normal";
}

export function setSpeedSetting(name) {
  localStorage.setItem("kibitz.speed", name);
}

/** The factor all animation times are multiplied by (a number in localStorage works too). */
export function speed() {
  const kept = speedSetting();
  if (kept in SPEEDS) return SPEEDS[kept];
  const value = Number(kept);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, 4) : 1;
}
