/**
 * The statements that set participants active or not (participants-repository.ts runs them):
 * a removal, and check-in's setting aside (`deactivated_by = 'checkin'`), which abort_checkin
 * and a reset undo and a removal does not carry.
 */

/** A removal (or a return) by hand: not check-in's mark, so a reset does not bring them back. */
export const SET_ACTIVE =
  "UPDATE participants SET active = ?, deactivated_by = NULL, updated_at = ? WHERE tournament_id = ? AND id = ?";

/**
 * process_checkin: those not checked in sit out, marked; whoever is checked in plays, one an
 * earlier processing set aside too (a tournament reset before reset brought them back).
 */
export const SET_ASIDE_UNCHECKED = `UPDATE participants SET active = checked_in_at IS NOT NULL,
  deactivated_by = iif(checked_in_at IS NULL, 'checkin', NULL), updated_at = ?
  WHERE tournament_id = ? AND iif(checked_in_at IS NULL, active = 1, deactivated_by = 'checkin')`;

/** reset: those process_checkin set aside are back, as before the processing; check-ins kept. */
export const RESTORE_SET_ASIDE =
  "UPDATE participants SET active = 1, deactivated_by = NULL, updated_at = ? WHERE tournament_id = ? AND deactivated_by = 'checkin'";

/** abort_checkin: everyone set aside back, check-ins forgotten. */
export const UNDO_CHECK_IN =
  "UPDATE participants SET active = CASE WHEN deactivated_by = 'checkin' THEN 1 ELSE active END, deactivated_by = NULL, checked_in_at = NULL, updated_at = ? WHERE tournament_id = ?";
