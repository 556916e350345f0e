/** The searchpackages/{query} segment that means every package (ADR 0008); shared by the page links and the parser. */
export const ALL_PACKAGES = "all-packages";
