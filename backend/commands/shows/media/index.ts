export {
  createShowMediaSignalling,
  showIceConfig,
  type ShowMediaAuthorization,
  type ShowMediaCaller,
  type ShowMediaRole,
  type ShowMediaSignalling,
  type ShowMediaSignallingDeps,
} from '../../../platform/sfu/media';
