// Placeholder: the module's sources arrive with its issue.
