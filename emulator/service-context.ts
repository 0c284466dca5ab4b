// What the bindings share: the resolved options, the deployment's identity, and the model
// behind the two operations (normal or reference mode) over one store.
import type { OperationName } from '../src/protocol/operations.ts';
import type { ResolvedOptions } from './options.ts';
import type { EmulatorStore } from './store.ts';
import { createReferenceModel } from './reference-model.ts';
import { createEmulatorModel, seedDemoUsers, seedStubs } from './emulator-model.ts';
import { StubMemo } from './stub-memo.ts';
import { ServiceMethodError, type InodeModel, type ParameterValue } from './model-types.ts';
import type { OperationResult, ServiceIdentity } from './response-writers.ts';
import type { DotNetException } from './dotnet-exception.ts';

export interface ServiceContext {
  readonly options: ResolvedOptions;
  readonly identity: ServiceIdentity;
  /** Runs an operation; throws what the web method throws. */
  invoke(
    operation: OperationName,
    parameters: Readonly<Record<string, ParameterValue>>,
  ): OperationResult;
}

/**
 * Builds the model for the options (seeding demo users in normal mode) and the context around it.
 * @example const context = createServiceContext(resolveOptions({}), EmulatorStore.open(':memory:'));
 */
export function createServiceContext(
  options: ResolvedOptions,
  store: EmulatorStore,
): ServiceContext {
  let model: InodeModel;
  if (options.referenceMode) {
    model = createReferenceModel(store);
  } else {
    seedDemoUsers(store);
    if (options.seedStubs > 0) seedStubs(store, options.seedStubs);
    model = createEmulatorModel(store, new StubMemo(options.stubMemoMiB * 1024 * 1024));
  }
  return {
    options,
    identity: { namespace: options.namespace, resultPrefix: options.resultPrefix },
    invoke(operation, parameters) {
      const p = (name: string): ParameterValue => parameters[name] ?? null;
      if (operation === 'GetAssetStubs') {
        return {
          operation,
          value: model.getAssetStubs({
            OpenIDKey: p('OpenIDKey'),
            AssetType: p('AssetType'),
            OtherFilterCriteria: p('OtherFilterCriteria'),
          }),
        };
      }
      return {
        operation,
        value: model.addUserAssetIndex({
          OpenIDKey: p('OpenIDKey'),
          ServiceURI: p('ServiceURI'),
          MediaType: p('MediaType'),
        }),
      };
    },
  };
}

/**
 * The .NET exception for what a web method threw. Anything that is not a ServiceMethodError is
 * a bug in the emulator, still answered the way ASP.NET answers any exception.
 * @example methodException(new Error('x'), 'GetAssetStubs').type // 'System.Exception'
 */
export function methodException(error: unknown, operation: OperationName): DotNetException {
  if (error instanceof ServiceMethodError) {
    return { type: error.typeName, message: error.message, frames: error.frames };
  }
  return {
    type: 'System.Exception',
    message: error instanceof Error ? error.message : String(error),
    frames: [`   at Inode.${operation}()`],
  };
}
