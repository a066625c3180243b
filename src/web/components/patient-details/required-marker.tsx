/** The star beside a required field's label; the input itself says "required" to assistive technology. */
export const REQUIRED_MARKER = (
  <span aria-hidden="true" className="text-sm text-red-700 dark:text-red-400">
    *
  </span>
);
