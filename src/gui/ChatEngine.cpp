#include "ChatEngine.h"

namespace engram {

ChatEngine::ChatEngine(QObject* parent)
    : QObject(parent)
{}

ChatEngine::~ChatEngine() = default;

} // namespace engram
