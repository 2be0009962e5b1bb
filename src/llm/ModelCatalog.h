#pragma once

#include "llm/LlmError.h"

#include <QByteArray>
#include <QStringList>

namespace engram {

// The models an endpoint offers, split into those that chat and those that only embed text.
struct ModelCatalog
{
    QStringList chatModels;      // sorted
    QStringList embeddingModels; // sorted

    bool isEmpty() const { return chatModels.isEmpty() && embeddingModels.isEmpty(); }

    // Embedding models by name ("nomic-embed-text", "bge-m3", "text-embedding-3-small", …) or by
    // an Ollama model family of the BERT line; everything else is taken to chat.
    static bool looksLikeEmbeddingModel(const QString& id, const QString& family = {});
    // Splits plain model ids (an OpenAI-compatible /models list) by their names.
    static ModelCatalog fromIds(const QStringList& ids);
    // Ollama's own list, GET /api/tags: {"models":[{"name":"qwen2.5:7b","details":{"family":"qwen2"}}, …]}.
    static LlmResult<ModelCatalog> fromOllamaTags(const QByteArray& body);
    // Where Ollama's own API lives for an OpenAI-compatible address of it: the same scheme, host
    // and port without the trailing "/v1" ("http://127.0.0.1:11434/v1" → "http://127.0.0.1:11434").
    static QString ollamaRoot(const QString& baseUrl);
};

} // namespace engram
