/** The roast plan's horizon in days (docs/decisions/0028-roast-plan.md): 1 to 90, 14 when not given. */
export const PLANNING_HORIZON_MIN = 1;
export const PLANNING_HORIZON_MAX = 90;
export const PLANNING_HORIZON_DEFAULT = 14;
/** The pace window: the 28 days ending today, today included. */
export const PLANNING_WINDOW_DAYS = 28;
/** A unit with nothing in or out (no roast, sale or blend) in these many days is idle: the plan stops topping it up. */
export const PLANNING_IDLE_DAYS = 90;
