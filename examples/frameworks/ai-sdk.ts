import { generateText, stepCountIs, type LanguageModel } from "ai";
import { buildStatusTool } from "../../generated/build_status/bindings/ai-sdk.js";
import { buildService } from "./upstream.js";

export async function askAiSdk(model: LanguageModel, baseUrl: string): Promise<string> {
  const { text } = await generateText({
    model,
    tools: { build_status: buildStatusTool(buildService(baseUrl)) },
    stopWhen: stepCountIs(3),
    prompt: "Did revision a83f19c of bluebird pass?",
  });
  return text;
}
