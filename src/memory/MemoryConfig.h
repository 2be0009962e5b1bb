#pragma once

namespace engram {

// Every tunable number of the memory tiers, with the defaults of MEMORY.md. The user can change
// them in Settings; tests set small values to exercise the edges.
struct MemoryConfig
{
    bool enabled{true}; // memory off: nothing is stored in any tier and no memory reaches the model

    // working memory
    int windowRounds{6};
    int summaryBufferThreshold{4};

    // episodic memory
    int episodeCapacity{2000};
    int maxAgeDays{0}; // 0 = no age limit (off by default; 90 when the user turns it on)
    int archiveDays{30};
    int forgetEveryWrites{50};
    int replyGistChars{200};

    // semantic memory
    double pendingBelow{0.6};

    // context budgets, in estimated tokens
    int profileBudget{800};
    int episodicBudget{1000};
    int windowBudget{1000};
    int relatedExchanges{3};
    int relatedSummaries{3};
    // Embedding retrieval: a neighbour less similar than this (cosine) is not a candidate, so a
    // query with nothing related does not pull in unrelated items. Model-dependent; 0.2 suits
    // OpenAI-style models, where unrelated texts score about 0.1.
    double minVectorSimilarity{0.2};

    // how long a deleted item's content is kept so the delete can be undone
    int undoMinutes{15};
};

} // namespace engram
