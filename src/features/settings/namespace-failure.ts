/**
 * Why the namespace could not be read, in one sentence. A target that does not answer is said
 * as such, with no advice to type a namespace: that would not make the target answer.
 */
import { CONSOLE_ERROR_HEADER } from '../../console-api/index.ts';

interface DiscoveryErrorShape {
  kind?: unknown;
  exchange?: { response?: { headers?: Record<string, string> } };
}

/**
 * @example describeNamespaceFailure(discoveryError, 'Staging').sentence
 *   // 'Target Staging is not answering, so its namespace cannot be read; …'
 */
export function describeNamespaceFailure(error: Error, targetName: string): { sentence: string } {
  const shape = error as DiscoveryErrorShape;
  const marker = shape.exchange?.response?.headers?.[CONSOLE_ERROR_HEADER.toLowerCase()];
  if (marker === 'target-unreachable' || shape.kind === 'network') {
    return {
      sentence: `Target ${targetName} is not answering, so its namespace cannot be read; press "Discover again" once the service is running.`,
    };
  }
  if (shape.kind === 'timeout') {
    return {
      sentence: `Target ${targetName} did not send its service description in time, so its namespace cannot be read; press "Discover again" once it answers.`,
    };
  }
  if (marker === 'unknown-target') {
    return {
      sentence: `The console server no longer offers target ${targetName}; pick another target above.`,
    };
  }
  // The target answers but its ?WSDL cannot be read: here typing the namespace is what helps.
  return {
    sentence: `The namespace could not be read from ?WSDL: ${error.message}. Enter it below (the service's documentation names it; it usually ends with a slash).`,
  };
}
