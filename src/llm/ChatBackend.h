#pragma once

#include "llm/LlmReply.h"
#include "llm/LlmTypes.h"

#include <QStringList>

namespace engram {

// What memory code needs from a model, and nothing more: so it can be tested with a fake that
// answers in-process. LlmClient is the HTTP implementation. Replies are owned by the backend
// and delete themselves after their last signal; results always arrive after the call returns.
class ChatBackend
{
public:
    virtual ~ChatBackend() = default;

    // A chat completion whose text arrives piece by piece (ChatReply::delta).
    virtual ChatReply* streamChat(const ChatRequest& request) = 0;
    // A chat completion delivered whole; with request.jsonObject, a JSON object reply.
    virtual ChatReply* complete(const ChatRequest& request) = 0;
    // One vector per text. `model` empty: the configured embedding model.
    virtual EmbeddingReply* embed(const QStringList& texts, const QString& model = {}) = 0;
    // Whether embeddings are configured at all; when false, embed() fails at once.
    virtual bool canEmbed() const = 0;
    // The configured embedding model (empty when off): stored vectors are tagged with it.
    virtual QString embeddingModel() const = 0;
};

} // namespace engram
