#pragma once

#include "llm/LlmError.h"
#include "llm/LlmTypes.h"

#include <QByteArray>
#include <QStringList>

#include <nlohmann/json.hpp>

// The OpenAI Chat Completions wire format: request bodies out, replies in. Pure functions.
namespace engram::openai {

struct ChatBodyOptions
{
    bool stream{};
    bool includeUsage{}; // stream_options.include_usage
    bool jsonObject{};   // response_format json_object
};

nlohmann::json chatBody(const ChatRequest& request, const QString& model, const ChatBodyOptions& options);
nlohmann::json embeddingsBody(const QStringList& texts, const QString& model);
// UTF-8 JSON text; never throws (invalid text is replaced).
QByteArray serialize(const nlohmann::json& body);

// A non-streamed chat completion: {"choices":[{"message":{"content":…},"finish_reason":…}],"usage":…}.
LlmResult<ChatResult> parseChatCompletion(const QByteArray& body, const LlmError::Context& context);
// {"data":[{"index":0,"embedding":[…]}, …]}, checked against the number of inputs.
LlmResult<EmbeddingResult> parseEmbeddings(const QByteArray& body, qsizetype inputCount,
                                           const LlmError::Context& context);
// {"data":[{"id":"…"}, …]} → the ids, sorted.
LlmResult<QStringList> parseModelList(const QByteArray& body, const LlmError::Context& context);

// "usage" of a reply or a stream chunk, when present and well-formed.
std::optional<Usage> parseUsage(const nlohmann::json& object);

} // namespace engram::openai
