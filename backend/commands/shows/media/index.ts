export {
  createShowMediaSignalling,
  type ShowMediaAuthorization,
  type ShowMediaCaller,
  type ShowMediaRole,
  type ShowMediaSignalling,
  type ShowMediaSignallingDeps,
} from './signalling';
export { showIceConfig } from './ice';
