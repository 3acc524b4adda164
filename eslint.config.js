// ESLint over every TypeScript and JavaScript file but generated code: @eslint/js and typescript-eslint's recommended
// rules, without type information (the type-aware set took about three times as long on two cores and mostly flagged
// tests that read `any` JSON bodies; tsc already type-checks everything in `npm test`).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["gen/**", "node_modules/**", ".data/**", "bench-results/**", "coverage/**", "dist/**", "test-output/**"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // `any` is written only where it is meant (registries of differently typed kinds and tools, reflective
      // protobuf-to-JSON, pg's row default, test bodies); strict tsc already rejects every implicit one.
      "@typescript-eslint/no-explicit-any": "off",
      // The request validators match control characters on purpose, to refuse them.
      "no-control-regex": "off",
      // A leading underscore names what is unused on purpose: a skipped argument or tuple slot, a key left out by a rest.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Fastify's route config is extended by declaration merging, which needs an interface that adds no member.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // A shutdown handler set up before the listener it closes reads a variable that is assigned once, later.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // The interactive views run in a browser (bundled into their HTML by app/cluster/build-views.ts).
    files: ["gateway/mcp/apps/views/**"],
    languageOptions: { globals: globals.browser },
  },
);
