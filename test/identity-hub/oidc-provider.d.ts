// oidc-provider ships no type declarations; the identity hub uses a small, untyped part of it.
declare module "oidc-provider" {
  const Provider: any;
  export default Provider;
}
